import type { Metadata } from 'next'

import { GalleryView } from '@/components/site/gallery-view'
import { PageShell } from '@/components/site/page-shell'
import { RefreshOnSave } from '@/components/site/refresh-on-save.client'
import { readGallery } from '@/data/gallery'
import { requireStaff } from '@/data/session'

export const dynamic = 'force-dynamic'

export const metadata: Metadata = { title: 'Preview', robots: { index: false, follow: false } }

// The gallery with every item's latest draft, for the editor's live preview: approved staff
// only, never cached.
export default async function GalleryPreviewPage() {
  const user = await requireStaff('/admin/collections/gallery-items')
  const items = await readGallery({ draft: true, user })
  return (
    <>
      <RefreshOnSave />
      <PageShell variant="gallery">
        {(settings) => <GalleryView items={items} settings={settings} />}
      </PageShell>
    </>
  )
}
