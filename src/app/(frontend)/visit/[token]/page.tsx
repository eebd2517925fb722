import type { Metadata } from 'next'
import { notFound } from 'next/navigation'

import { Notice, VisitLinkNotFound } from '@/components/site/customer-notice'
import { PageShell } from '@/components/site/page-shell'
import { CONFIRM_CANCEL_PARAM, VisitBooking } from '@/components/site/visit-booking'
import { openVisitLink, readVisitBooking } from '@/data/customer-links'
import { isVisitOutcome, type VisitOutcome } from '@/lib/visit-messages'

// The visit of a customer who phoned and has no quote, opened from the link in their visit's
// e-mail or calendar event: see it, move it or cancel it with the quote page's own forms. Read
// per request, never cached, never indexed; it shows the visit and nothing else about the lead.
export const dynamic = 'force-dynamic'

export const metadata: Metadata = { title: 'Your visit', robots: { index: false, follow: false } }

export default async function VisitPage({
  params,
  searchParams,
}: {
  params: Promise<{ token: string }>
  searchParams: Promise<Record<string, string | string[] | undefined>>
}) {
  const { token } = await params
  const query = await searchParams
  const outcome = isVisitOutcome(query.visit) ? query.visit : null
  const confirmCancel = query[CONFIRM_CANCEL_PARAM.name] === CONFIRM_CANCEL_PARAM.value
  const { allowed, missing, found: lead, timeZone } = await openVisitLink(token)
  // As the quote page: a 404 drawn here when the proxy answered 404, else by not-found.tsx.
  if (allowed && lead === null && !missing) notFound()
  return (
    <PageShell promotion={false}>
      {(settings) => (
        <section aria-label="Your visit" className="px-4 py-12 sm:py-16">
          <div className="mx-auto max-w-2xl">
            {!allowed ? (
              <Notice title="Too many requests">
                Too many requests from this connection. Please try again in a few minutes.
              </Notice>
            ) : lead === null ? (
              <VisitLinkNotFound settings={settings} />
            ) : (
              <>
                <p className="text-gold-dark text-sm font-semibold tracking-widest uppercase">
                  {settings.businessName}
                </p>
                <VisitLinkBody
                  token={token}
                  lead={lead}
                  timeZone={timeZone}
                  outcome={outcome}
                  confirmCancel={confirmCancel}
                />
              </>
            )}
          </div>
        </section>
      )}
    </PageShell>
  )
}

async function VisitLinkBody({
  token,
  lead,
  timeZone,
  outcome,
  confirmCancel,
}: {
  token: string
  lead: number
  timeZone: string
  outcome: VisitOutcome | null
  confirmCancel: boolean
}) {
  return (
    <VisitBooking
      token={token}
      page="visit"
      titleAs="h1"
      {...await readVisitBooking(lead, outcome === 'booked')}
      outcome={outcome}
      timeZone={timeZone}
      confirmCancel={confirmCancel}
    />
  )
}
