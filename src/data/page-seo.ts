import 'server-only'

import config from '@payload-config'
import { unstable_cache } from 'next/cache'
import { getPayload } from 'payload'

import { CACHE_TAGS } from '@/lib/cache-tags'
import { type ShareImage, shareImage } from '@/lib/home-content'
import { type OwnerSeoPath, pageMetadata } from '@/lib/seo'

export type PageSeo = { title: string; description: string; image: ShareImage | null }

const NONE: PageSeo = { title: '', description: '', image: null }

async function readPageSeo(): Promise<Record<string, PageSeo>> {
  const payload = await getPayload({ config })
  const { docs } = await payload.find({
    collection: 'page-seo',
    depth: 1,
    pagination: false,
    overrideAccess: false,
  })
  return Object.fromEntries(
    docs.map((doc) => [
      doc.path,
      {
        title: doc.meta?.title ?? '',
        description: doc.meta?.description ?? '',
        image: shareImage(doc.meta?.image),
      },
    ]),
  )
}

const cachedPageSeo = unstable_cache(readPageSeo, ['page-seo'], { tags: [CACHE_TAGS.pageSeo] })

// What the owner set for a page; nothing (the page's own) when unset or unreadable.
export async function getPageSeo(path: OwnerSeoPath): Promise<PageSeo> {
  try {
    return (await cachedPageSeo())[path] ?? NONE
  } catch (err) {
    console.error('page SEO unavailable, using the pages’ own:', err)
    return NONE
  }
}

/** A page's metadata with the owner's title, description and share image where set. */
export async function ownerPageMetadata(page: Parameters<typeof pageMetadata>[0] & { path: OwnerSeoPath }) {
  const seo = await getPageSeo(page.path)
  return pageMetadata({
    ...page,
    title: seo.title || page.title,
    description: seo.description || page.description,
    image: seo.image ?? page.image,
  })
}
