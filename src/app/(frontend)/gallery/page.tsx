import type { Metadata } from 'next'

import { PageShell } from '@/components/site/page-shell'
import { GalleryView } from '@/components/site/gallery-view'
import { getGallery } from '@/data/gallery'
import { ownerPageMetadata } from '@/data/page-seo'
import { getSiteSettings } from '@/data/site-settings'

// Cached; at most 30 s old so an ended promotion leaves in time (src/data/banner.ts).
export const revalidate = 30

export async function generateMetadata(): Promise<Metadata> {
  const { businessName } = await getSiteSettings()
  return ownerPageMetadata({
    businessName,
    title: 'Before & After Gallery',
    description: `Before and after photos of curb rash repairs, rim restorations and refinishing by ${businessName} in Austin.`,
    path: '/gallery',
  })
}

export default async function GalleryPage() {
  const { items } = await getGallery()
  return (
    <PageShell variant="gallery">{(settings) => <GalleryView items={items} settings={settings} />}</PageShell>
  )
}
