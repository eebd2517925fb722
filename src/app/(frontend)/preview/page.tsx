import type { Metadata } from 'next'

import { HomeView } from '@/components/site/home-view'
import { RefreshOnSave } from '@/components/site/refresh-on-save.client'
import { homeContent } from '@/lib/home-content'
import { getSiteSettings } from '@/data/site-settings'
import { readHomePageDraft, requireStaff } from '@/data/session'

export const dynamic = 'force-dynamic'

export const metadata: Metadata = { title: 'Preview', robots: { index: false, follow: false } }

// The home page with the latest draft, for the editor's live preview: approved staff only,
// never cached, never the page visitors are served.
export default async function PreviewPage() {
  const user = await requireStaff('/admin/globals/home-page')
  const [settings, draft] = await Promise.all([getSiteSettings(), readHomePageDraft(user)])
  return (
    <>
      <RefreshOnSave />
      <HomeView settings={settings} content={homeContent(draft)} />
    </>
  )
}
