import type { Metadata } from 'next'

import { PageShell } from '@/components/site/page-shell'
import { buttonVariants } from '@/components/ui/button'
import { readUnsubscribeEmail } from '@/data/customer-pages'

export const dynamic = 'force-dynamic'

export const metadata: Metadata = { title: 'Review requests', robots: { index: false, follow: false } }

type Search = Promise<Record<string, string | string[] | undefined>>

// From the link in a review request: one button stops them for that address (a GET changes
// nothing, so mail scanners that follow links cannot unsubscribe anyone).
export default async function UnsubscribePage({ searchParams }: { searchParams: Search }) {
  const { e, t, done } = await searchParams
  const email = await readUnsubscribeEmail(e, t)
  return (
    <PageShell>
      {() => (
        <section aria-labelledby="unsubscribe-title" className="px-4 py-12 sm:py-16">
          <div className="mx-auto max-w-2xl">
            <h1 id="unsubscribe-title" className="text-3xl font-bold">
              Review requests
            </h1>
            {!email ? (
              <p className="text-ink/80 mt-4 text-lg">This link is not valid. It may be incomplete.</p>
            ) : done ? (
              <p role="status" className="text-ink/80 mt-4 text-lg">
                Done: {email} will not get review requests from us any more.
              </p>
            ) : (
              <form method="post" action="/api/review-requests/unsubscribe" className="mt-6">
                <input type="hidden" name="e" value={String(e)} />
                <input type="hidden" name="t" value={String(t)} />
                <p className="text-ink/80 text-lg">Stop review requests to {email}?</p>
                <button
                  type="submit"
                  className={`${buttonVariants({ variant: 'premium', size: 'lg' })} mt-4`}
                >
                  Stop review requests
                </button>
              </form>
            )}
          </div>
        </section>
      )}
    </PageShell>
  )
}
