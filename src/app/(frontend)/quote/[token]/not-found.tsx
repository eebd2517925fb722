import type { Metadata } from 'next'

import { Call, Notice } from '@/components/site/customer-notice'
import { PageShell } from '@/components/site/page-shell'

export const metadata: Metadata = { title: 'Your quote', robots: { index: false, follow: false } }

// A tampered, incomplete or superseded quote link: answered 404, with what to do next.
export default function QuoteLinkNotFound() {
  return (
    <PageShell>
      {(settings) => (
        <section className="px-4 py-12 sm:py-16">
          <Notice title="This link does not open a quote">
            It may be incomplete, or the quote was revised and sent again in a newer e-mail. Call us at{' '}
            <Call settings={settings} /> and we will send it again.
          </Notice>
        </section>
      )}
    </PageShell>
  )
}
