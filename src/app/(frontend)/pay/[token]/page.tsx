import type { Metadata } from 'next'
import { notFound } from 'next/navigation'

import { AmountTable, type AmountRow } from '@/components/site/amount-table'
import { Call, Notice, PayLinkNotFound } from '@/components/site/customer-notice'
import { PageShell } from '@/components/site/page-shell'
import { buttonVariants } from '@/components/ui/button'
import { openPayLink } from '@/data/customer-links'
import { formatBusinessDate } from '@/lib/business-time'
import { PAID_RETURN_PARAM, PAY_LINK_ENDPOINTS, balanceCents } from '@/lib/invoices'
import type { PublicSiteSettings } from '@/lib/site-settings'
import { cn } from '@/lib/utils'
import type { Invoice } from '@/payload-types'
import { cardPaymentsEnabled } from '@/payments/stripe'
import { formatMoney } from '@/lib/money'

// One customer's invoice, opened from the link in their e-mail: read per request, never cached,
// never indexed; it shows the invoice, what is still owed and how to pay it, nothing else.
export const dynamic = 'force-dynamic'

export const metadata: Metadata = { title: 'Your invoice', robots: { index: false, follow: false } }

const owedOf = (invoice: Invoice) =>
  balanceCents({
    totalCents: invoice.totalCents ?? 0,
    depositCents: invoice.depositCents ?? 0,
    creditedCents: invoice.creditedCents ?? 0,
    paidCents: invoice.paidCents ?? 0,
  })

function Lines({ invoice }: { invoice: Invoice }) {
  const less = (key: string, label: string, cents: number | null | undefined): AmountRow[] =>
    cents ? [{ key, label, amount: `−${formatMoney(cents)}` }] : []
  const rows: AmountRow[] = [
    ...(invoice.lines ?? []).map((line, i) => ({
      key: `line-${i}`,
      label: `${line.quantity > 1 ? `${line.quantity} × ` : ''}${line.description}`,
      amount: formatMoney(line.amountCents ?? 0),
    })),
    ...less('discount', 'Discount', invoice.discountCents),
    { key: 'total', label: 'Total', amount: formatMoney(invoice.totalCents ?? 0), heading: true },
    ...less('deposit', 'Deposit paid', invoice.depositCents),
    ...less('credited', 'Credited', invoice.creditedCents),
    ...less('paid', 'Paid', invoice.paidCents),
  ]
  return (
    <AmountTable
      caption="Invoice lines"
      rows={rows}
      total={{
        label: 'Balance due',
        amount: formatMoney(Math.max(0, owedOf(invoice))),
        testId: 'invoice-balance',
      }}
    />
  )
}

export default async function PayPage({
  params,
  searchParams,
}: {
  params: Promise<{ token: string }>
  searchParams: Promise<Record<string, string | string[] | undefined>>
}) {
  const { token } = await params
  const returned = (await searchParams)[PAID_RETURN_PARAM.name] === PAID_RETURN_PARAM.value
  const { allowed, missing, found, timeZone } = await openPayLink(token)
  if (allowed && !found && !missing) notFound()
  return (
    <PageShell promotion={false}>
      {(settings) => (
        <section aria-labelledby="pay-page-title" className="px-4 py-12 sm:py-16">
          {!allowed ? (
            <Notice title="Too many requests">
              Too many requests from this connection. Please try again in a few minutes.
            </Notice>
          ) : !found ? (
            <PayLinkNotFound settings={settings} />
          ) : (
            <InvoiceBody
              token={token}
              found={found}
              settings={settings}
              returned={returned}
              sentOn={formatBusinessDate(found.invoice.sentAt, timeZone, { time: false })}
            />
          )}
        </section>
      )}
    </PageShell>
  )
}

function InvoiceBody({
  token,
  found: { invoice, state },
  settings,
  returned,
  sentOn,
}: {
  token: string
  found: NonNullable<Awaited<ReturnType<typeof openPayLink>>['found']>
  settings: PublicSiteSettings
  returned: boolean
  sentOn: string
}) {
  const owed = owedOf(invoice)
  const cards = cardPaymentsEnabled() && owed >= 50
  return (
    <div className="mx-auto max-w-2xl">
      <p className="text-gold-dark text-sm font-semibold tracking-widest uppercase">
        {settings.businessName}
      </p>
      <h1 id="pay-page-title" className="mt-2 text-3xl font-bold">
        Invoice {invoice.number}
      </h1>
      <p className="text-ink/80 mt-2">Sent on {sentOn}.</p>
      <Lines invoice={invoice} />
      {invoice.note ? <p className="text-ink/80 mt-4 whitespace-pre-wrap">{invoice.note}</p> : null}

      {state === 'settled' ? (
        <p role="status" className="bg-mist mt-8 rounded-xl p-4 text-lg font-semibold">
          {invoice.status === 'void'
            ? 'This invoice was cancelled.'
            : 'This invoice is paid in full. Thank you!'}
        </p>
      ) : returned ? (
        <p role="status" className="bg-mist mt-8 rounded-xl p-4 text-lg font-semibold">
          Thank you! Your card payment is being confirmed; this page shows it once it is recorded.
        </p>
      ) : null}
      {state === 'expired' ? (
        <p className="mt-8 text-lg">
          This link has expired. Call us at <Call settings={settings} /> to pay.
        </p>
      ) : null}
      {state === 'open' ? (
        <div className="mt-8 grid gap-6">
          {cards ? (
            <form method="post" action={`/api${PAY_LINK_ENDPOINTS.checkout}`}>
              <input type="hidden" name="token" value={token} />
              <button
                type="submit"
                className={cn(buttonVariants({ variant: 'premium', size: 'lg' }), 'w-full')}
              >
                Pay by card
              </button>
              <p className="text-ink/70 mt-2 text-sm">You will pay on Stripe&apos;s secure page.</p>
            </form>
          ) : null}
          <div>
            <h2 className="text-xl font-semibold">{cards ? 'Other ways to pay' : 'How to pay'}</h2>
            <p className="text-ink/80 mt-2">
              Pay cash or by check at the visit, or call us at <Call settings={settings} />.
            </p>
          </div>
        </div>
      ) : null}
    </div>
  )
}
