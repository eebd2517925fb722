import config from '@payload-config'
import type { Metadata } from 'next'
import { headers } from 'next/headers'
import { redirect } from 'next/navigation'
import { getPayload } from 'payload'

import { isApprovedStaff } from '@/access/isApprovedStaff'
import { GalleryView } from '@/components/site/gallery-view'
import { PageShell } from '@/components/site/page-shell'
import { RefreshOnSave } from '@/components/site/refresh-on-save.client'
import { readGallery } from '@/data/gallery'

export const dynamic = 'force-dynamic'

export const metadata: Metadata = { title: 'Preview', robots: { index: false, follow: false } }

// The gallery with every item's latest draft, for the editor's live preview: approved staff
// only, never cached.
export default async function GalleryPreviewPage() {
  const payload = await getPayload({ config })
  const { user } = await payload.auth({ headers: await headers() })
  if (!isApprovedStaff(user))
    redirect(`/login?redirect=${encodeURIComponent('/admin/collections/gallery-items')}`)
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
