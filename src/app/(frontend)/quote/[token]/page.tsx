import type { Metadata } from 'next'
import { notFound } from 'next/navigation'

import { AmountTable, type AmountRow } from '@/components/site/amount-table'
import { Call, Notice, QuoteLinkNotFound } from '@/components/site/customer-notice'
import { PageShell } from '@/components/site/page-shell'
import { CONFIRM_CANCEL_PARAM, VisitBooking } from '@/components/site/visit-booking'
import { buttonVariants } from '@/components/ui/button'
import { openQuoteLink, readDeposit, readOwedInvoiceLink, readVisitBooking } from '@/data/customer-links'
import { formatBusinessDate } from '@/lib/business-time'
import { CHANGE_REQUEST_MAX, QUOTE_LINK_ENDPOINTS } from '@/lib/quote-status'
import type { PublicSiteSettings } from '@/lib/site-settings'
import { cn } from '@/lib/utils'
import type { Quote } from '@/payload-types'
import { isVisitOutcome, type VisitOutcome } from '@/lib/visit-messages'
import { DEPOSIT_RETURN_PARAM } from '@/lib/deposits'
import { formatMoney } from '@/lib/money'

// One customer's quote, opened from the link in their e-mail: read per request, never cached,
// never indexed; it shows the quote and nothing else about the lead.
export const dynamic = 'force-dynamic'

export const metadata: Metadata = { title: 'Your quote', robots: { index: false, follow: false } }

function Lines({ quote }: { quote: Quote }) {
  const rows: AmountRow[] = (quote.lines ?? []).map((line, i) => ({
    key: `line-${i}`,
    label: `${line.kind !== 'free' && (line.quantity ?? 1) > 1 ? `${line.quantity} × ` : ''}${line.title}`,
    amount: formatMoney(line.amountCents ?? 0, 'price'),
  }))
  if (quote.deliveryFeeCents)
    rows.push({
      key: 'delivery',
      label: 'Delivery fee (fewer than two rims)',
      amount: formatMoney(quote.deliveryFeeCents, 'price'),
    })
  if (quote.discountCents)
    rows.push({
      key: 'discount',
      label: `Discount (${quote.promoCode})`,
      amount: `−${formatMoney(quote.discountCents, 'price')}`,
    })
  return (
    <AmountTable
      caption="Quote lines"
      rows={rows}
      total={{ label: 'Total', amount: formatMoney(quote.totalCents ?? 0, 'price'), testId: 'quote-total' }}
    />
  )
}

export default async function QuotePage({
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
  const depositReturned = query[DEPOSIT_RETURN_PARAM.name] === DEPOSIT_RETURN_PARAM.value
  const { allowed, missing, found, timeZone } = await openQuoteLink(token)
  // A link that opens no quote is a 404 saying what to do: drawn below when the proxy answered
  // 404, else by not-found.tsx (which Next draws in the browser only, vercel/next.js#62228).
  if (allowed && !found && !missing) notFound()
  return (
    <PageShell promotion={false}>
      {(settings) => (
        <section aria-labelledby="quote-page-title" className="px-4 py-12 sm:py-16">
          <QuoteBody
            token={token}
            allowed={allowed}
            found={found}
            settings={settings}
            timeZone={timeZone}
            outcome={outcome}
            confirmCancel={confirmCancel}
            depositReturned={depositReturned}
          />
        </section>
      )}
    </PageShell>
  )
}

async function QuoteBody({
  token,
  allowed,
  found,
  settings,
  timeZone,
  outcome,
  confirmCancel,
  depositReturned,
}: {
  token: string
  allowed: boolean
  found: Awaited<ReturnType<typeof openQuoteLink>>['found']
  settings: PublicSiteSettings
  timeZone: string
  outcome: VisitOutcome | null
  confirmCancel: boolean
  depositReturned: boolean
}) {
  if (!allowed) {
    return (
      <Notice title="Too many requests">
        Too many requests from this connection. Please try again in a few minutes.
      </Notice>
    )
  }
  if (!found) return <QuoteLinkNotFound settings={settings} />
  const { quote, state } = found
  const date = (value: string | null | undefined) => formatBusinessDate(value, timeZone, { time: false })
  const leadId = typeof quote.lead === 'object' ? quote.lead.id : quote.lead
  const deposit = state === 'open' || state === 'accepted' ? await readDeposit(quote) : null
  const payDeposit = Boolean(deposit?.outstanding && deposit.online)
  return (
    <div className="mx-auto max-w-2xl">
      <p className="text-gold-dark text-sm font-semibold tracking-widest uppercase">
        {settings.businessName}
      </p>
      <h1 id="quote-page-title" className="mt-2 text-3xl font-bold">
        Your quote
      </h1>
      <Lines quote={quote} />
      {quote.note ? <p className="text-ink/80 mt-4 whitespace-pre-wrap">{quote.note}</p> : null}
      <p className="text-ink/80 mt-4">
        {state === 'expired'
          ? `This quote expired on ${date(quote.validUntil)}.`
          : `Valid until ${date(quote.validUntil)}.`}
      </p>

      {state === 'done' ? <JobDone payLink={await readOwedInvoiceLink(leadId)} /> : null}
      {state === 'accepted' ? (
        <p role="status" className="bg-mist mt-8 rounded-xl p-4 text-lg font-semibold">
          You accepted this quote on {date(quote.acceptedAt)}. Thank you!
        </p>
      ) : null}
      {depositReturned && deposit?.outstanding ? (
        <p role="status" className="bg-mist mt-8 rounded-xl p-4 text-lg font-semibold">
          Thank you! Your deposit is being confirmed; this page shows it once it is recorded.
        </p>
      ) : null}
      {deposit && deposit.paidCents > 0 ? (
        <p className="mt-4 text-lg" data-testid="deposit-paid">
          Deposit paid: {formatMoney(deposit.paidCents, 'price')}.
        </p>
      ) : null}
      {state === 'accepted' && deposit?.holdsBooking && !depositReturned ? (
        <div className="mt-8">
          <DepositForm token={token} label="Pay deposit">
            A deposit of {formatMoney(deposit.dueCents, 'price')} is due before you can book a visit.
          </DepositForm>
        </div>
      ) : null}
      {state === 'accepted' && !deposit?.holdsBooking ? (
        <VisitBooking
          token={token}
          {...await readVisitBooking(leadId, outcome === 'booked')}
          outcome={outcome}
          timeZone={timeZone}
          confirmCancel={confirmCancel}
        />
      ) : null}
      {state === 'changes_requested' ? (
        <p role="status" className="bg-mist mt-8 rounded-xl p-4 text-lg font-semibold">
          Thank you, we received your request for changes and will send you a revised quote.
        </p>
      ) : null}
      {state === 'expired' ? (
        <p className="mt-8 text-lg">
          Call us at <Call settings={settings} /> for a new one.
        </p>
      ) : null}

      {state === 'open' && !(payDeposit && depositReturned) ? (
        <div className="mt-8 grid gap-8">
          {payDeposit ? (
            <DepositForm token={token} label="Accept and pay deposit">
              A deposit of {formatMoney(deposit!.dueCents, 'price')} is due when you accept this quote.
            </DepositForm>
          ) : (
            <form method="post" action={`/api${QUOTE_LINK_ENDPOINTS.accept}`}>
              <input type="hidden" name="token" value={token} />
              <button
                type="submit"
                className={cn(buttonVariants({ variant: 'premium', size: 'lg' }), 'w-full')}
              >
                Accept quote
              </button>
              {deposit?.outstanding ? (
                <p className="text-ink/80 mt-2">
                  A deposit of {formatMoney(deposit.dueCents, 'price')} is due with this quote. Call us at{' '}
                  <Call settings={settings} /> to pay it.
                </p>
              ) : null}
            </form>
          )}
          <form method="post" action={`/api${QUOTE_LINK_ENDPOINTS.changes}`} className="grid gap-3">
            <input type="hidden" name="token" value={token} />
            <label htmlFor="quote-changes" className="font-semibold">
              Something to change?
            </label>
            <textarea
              id="quote-changes"
              name="message"
              required
              maxLength={CHANGE_REQUEST_MAX}
              rows={4}
              className="border-ink/20 rounded-lg border p-3"
            />
            <button type="submit" className={cn(buttonVariants({ variant: 'outline', size: 'lg' }))}>
              Ask for changes
            </button>
          </form>
        </div>
      ) : null}
    </div>
  )
}

// A completed job's quote: nothing to answer any more; the invoice to pay, if one is owed.
function JobDone({ payLink }: { payLink: string | null }) {
  return (
    <div role="status" className="bg-mist mt-8 grid gap-4 rounded-xl p-4 text-lg font-semibold">
      <p>This job is done. Thank you!</p>
      {payLink ? (
        <a href={payLink} className={cn(buttonVariants({ variant: 'premium', size: 'lg' }), 'w-full')}>
          See and pay the invoice
        </a>
      ) : null}
    </div>
  )
}

// Posts to the accept endpoint, which sends the customer to Stripe's page for the amount the
// server works out; the quote is accepted when Stripe reports the deposit paid.
function DepositForm({
  token,
  label,
  children,
}: {
  token: string
  label: string
  children: React.ReactNode
}) {
  return (
    <form method="post" action={`/api${QUOTE_LINK_ENDPOINTS.accept}`}>
      <p className="mb-3 text-lg">{children}</p>
      <input type="hidden" name="token" value={token} />
      <button type="submit" className={cn(buttonVariants({ variant: 'premium', size: 'lg' }), 'w-full')}>
        {label}
      </button>
      <p className="text-ink/70 mt-2 text-sm">You will pay on Stripe&apos;s secure page.</p>
    </form>
  )
}
