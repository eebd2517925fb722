import config from '@payload-config'
import type { Metadata } from 'next'
import { headers } from 'next/headers'
import { redirect } from 'next/navigation'
import { getPayload } from 'payload'

import { isApprovedStaff } from '@/access/isApprovedStaff'
import { HomeView } from '@/components/site/home-view'
import { RefreshOnSave } from '@/components/site/refresh-on-save.client'
import { homeContent } from '@/lib/home-content'
import { getSiteSettings } from '@/data/site-settings'

export const dynamic = 'force-dynamic'

export const metadata: Metadata = { title: 'Preview', robots: { index: false, follow: false } }

// The home page with the latest draft, for the editor's live preview: approved staff only,
// never cached, never the page visitors are served.
export default async function PreviewPage() {
  const payload = await getPayload({ config })
  const { user } = await payload.auth({ headers: await headers() })
  if (!isApprovedStaff(user)) redirect(`/login?redirect=${encodeURIComponent('/admin/globals/home-page')}`)
  const [settings, draft] = await Promise.all([
    getSiteSettings(),
    payload.findGlobal({ slug: 'home-page', draft: true, depth: 1, overrideAccess: false, user }),
  ])
  return (
    <>
      <RefreshOnSave />
      <HomeView settings={settings} content={homeContent(draft)} />
    </>
  )
}
