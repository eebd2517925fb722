import 'server-only'

import config from '@payload-config'
import { unstable_cache } from 'next/cache'
import { getPayload } from 'payload'

import type { GalleryImage, User } from '@/payload-types'

import { CACHE_TAGS } from '@/lib/cache-tags'

export type GalleryPicture = { src: string; width: number; height: number; alt: string }

export type GalleryCard = {
  id: string
  title: string
  description: string
  before: GalleryPicture
  after: GalleryPicture
}

// Shown when the gallery cannot be loaded.
export const SAMPLE_GALLERY: readonly GalleryCard[] = [
  {
    id: 'sample-bmw-m3',
    title: 'BMW M3 Competition - Curb Rash Repair',
    description: 'Severe curb rash on all four wheels, repaired and refinished to factory silver on site.',
    before: {
      src: '/gallery-samples/bmw-m3-before.svg',
      width: 1200,
      height: 900,
      alt: 'BMW M3 wheel with curb rash, before repair',
    },
    after: {
      src: '/gallery-samples/bmw-m3-after.svg',
      width: 1200,
      height: 900,
      alt: 'BMW M3 wheel refinished, after repair',
    },
  },
  {
    id: 'sample-mercedes-amg',
    title: 'Mercedes AMG - Full Rim Restoration',
    description: 'Scuffed and oxidised AMG rims restored with a gloss black finish in one afternoon.',
    before: {
      src: '/gallery-samples/mercedes-amg-before.svg',
      width: 1200,
      height: 900,
      alt: 'Mercedes AMG rim scuffed and oxidised, before restoration',
    },
    after: {
      src: '/gallery-samples/mercedes-amg-after.svg',
      width: 1200,
      height: 900,
      alt: 'Mercedes AMG rim in gloss black, after restoration',
    },
  },
]

// next/image optimises them as local files (`images.localPatterns`), so only the path is kept.
export function localPath(url: string): string {
  if (!/^https?:\/\//i.test(url)) return url
  const u = new URL(url)
  return `${u.pathname}${u.search}`
}

function picture(image: unknown, fallbackAlt: string): GalleryPicture | null {
  if (!image || typeof image !== 'object') return null
  const img = image as GalleryImage
  if (!img.url) return null
  return {
    src: localPath(img.url),
    width: img.width || 1200,
    height: img.height || 900,
    alt: img.alt || fallbackAlt,
  }
}

// Visitors get the published items; the editor's preview (`draft` with the signed-in staff
// account) gets each item's latest draft.
export async function readGallery({
  draft = false,
  user = null,
}: { draft?: boolean; user?: User | null } = {}) {
  const payload = await getPayload({ config })
  const { docs } = await payload.find({
    collection: 'gallery-items',
    overrideAccess: false,
    user,
    draft,
    depth: 1,
    sort: '-createdAt',
    pagination: false,
  })
  return docs.flatMap((item) => {
    const before = picture(item.beforeImage, `${item.title}, before`)
    const after = picture(item.afterImage, `${item.title}, after`)
    if (!before || !after) return []
    return [{ id: String(item.id), title: item.title, description: item.description ?? '', before, after }]
  }) satisfies GalleryCard[]
}

// No time limit: every write to gallery-items or gallery-images revalidates the tag.
const cachedGallery = unstable_cache(() => readGallery(), ['gallery'], { tags: [CACHE_TAGS.gallery] })

export async function getGallery(): Promise<{ items: readonly GalleryCard[]; fallback: boolean }> {
  try {
    return { items: await cachedGallery(), fallback: false }
  } catch (err) {
    console.error('gallery unavailable, showing the sample items:', err)
    return { items: SAMPLE_GALLERY, fallback: true }
  }
}
