import type { Metadata } from 'next'

import { VisitLinkNotFound as Notice } from '@/components/site/customer-notice'
import { PageShell } from '@/components/site/page-shell'

export const metadata: Metadata = { title: 'Your visit', robots: { index: false, follow: false } }

// A tampered or incomplete visit link, or one of a lead no longer open to changes online:
// answered 404, with what to do next. The page itself draws it when src/proxy.ts found the link
// missing; this is for the rest.
export default function VisitLinkNotFound() {
  return (
    <PageShell promotion={false}>
      {(settings) => (
        <section className="px-4 py-12 sm:py-16">
          <Notice settings={settings} />
        </section>
      )}
    </PageShell>
  )
}
