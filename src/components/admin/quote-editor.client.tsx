'use client'

import { useState } from 'react'

import { fromZonedInput, toZonedInput } from '@/lib/business-time'
import { quoteSentDescription } from '@/lib/lead-forms'
import { QUOTE_STATUS_LABELS, type QuoteStatus } from '@/lib/quote-status'
import type { Quote } from '@/payload-types'

import { jsonInit, useAction } from './admin-fetch'
import { ActionButton } from './action-button.client'
import { formatMoney } from '@/lib/money'

type QuoteOffer = { key: string; title: string; priceCents: number }

type LineValues = {
  kind: 'offer' | 'free'
  offer: string
  quantity: string
  description: string
  amount: string
}

const blankLine = (offer: string): LineValues => ({
  kind: 'offer',
  offer,
  quantity: '1',
  description: '',
  amount: '',
})

function valuesOf(quote: Quote | null, firstOffer: string): LineValues[] {
  if (!quote?.lines?.length) return [blankLine(firstOffer)]
  return quote.lines.map((line) => ({
    kind: line.kind === 'free' ? 'free' : 'offer',
    offer: line.offer ?? firstOffer,
    quantity: String(line.quantity ?? 1),
    description: line.description ?? '',
    amount: line.amount == null ? '' : String(line.amount),
  }))
}

// The validity is a day in the business's time zone, whatever the phone's own zone.
const dayOf = (iso: string | null | undefined, timeZone: string) => toZonedInput(iso, timeZone).slice(0, 10)

// A priced quote for this lead: lines from the offers or free ones, priced on the server when
// saved; "Send quote" e-mails the customer a link to accept it. The latest quote of the lead.
export function QuoteEditor({
  leadId,
  offers,
  quote,
  answered,
  timeZone,
  closed = false,
}: {
  leadId: number
  offers: QuoteOffer[]
  quote: Quote | null
  // The customer's words when they asked for changes, and when they answered.
  answered: string | null
  timeZone: string
  // A lead closed as lost: its quote is shown, not edited or sent.
  closed?: boolean
}) {
  const { busy, run } = useAction()
  const firstOffer = offers[0]?.key ?? ''
  const [lines, setLines] = useState(() => valuesOf(quote, firstOffer))
  const [note, setNote] = useState(quote?.note ?? '')
  const [validUntil, setValidUntil] = useState(dayOf(quote?.validUntil, timeZone))
  const status = (quote?.status ?? null) as QuoteStatus | null
  const locked = status === 'accepted' || closed

  const setLine = (i: number, patch: Partial<LineValues>) =>
    setLines((all) => all.map((line, j) => (i === j ? { ...line, ...patch } : line)))

  function save(event: React.FormEvent) {
    event.preventDefault()
    const data = {
      lead: leadId,
      note,
      ...(validUntil ? { validUntil: fromZonedInput(`${validUntil}T23:59`, timeZone) } : {}),
      lines: lines.map((line) =>
        line.kind === 'free'
          ? { kind: 'free', description: line.description, amount: Number(line.amount || 0) }
          : { kind: 'offer', offer: line.offer, quantity: Number(line.quantity || 1) },
      ),
    }
    const [path, init] = quote
      ? [`/quotes/${quote.id}?depth=0`, jsonInit('PATCH', data)]
      : ['/quotes?depth=0', jsonInit('POST', data)]
    void run(path, init, 'Quote saved', 'Failed to save the quote')
  }

  function send() {
    if (!quote) return
    void run<{ reach?: string }>(
      `/quotes/${quote.id}/send`,
      { method: 'POST' },
      (sent) => ({ title: 'Quote sent', description: quoteSentDescription(sent?.reach) }),
      'Failed to send the quote',
    )
  }

  return (
    <section className="cbo-form" aria-labelledby="cbo-quote-title" data-testid="quote-editor">
      <div className="cbo-card__head">
        <h3 id="cbo-quote-title">Quote</h3>
        {status ? (
          <span className="cbo-meta" data-testid="quote-status">
            {QUOTE_STATUS_LABELS[status]}
          </span>
        ) : null}
      </div>
      {answered ? <p className="cbo-description">{answered}</p> : null}
      {quote ? (
        <p className="cbo-meta" data-testid="quote-totals">
          {quote.deliveryFeeCents ? `Delivery fee ${formatMoney(quote.deliveryFeeCents, 'price')} · ` : ''}
          {quote.discountCents
            ? `Discount ${formatMoney(quote.discountCents, 'price')} (${quote.promoCode}) · `
            : ''}
          {quote.promoNote ? `${quote.promoNote} · ` : ''}
          Total {formatMoney(quote.totalCents ?? 0, 'price')}
        </p>
      ) : null}
      <form onSubmit={save} className="cbo-stack" aria-label="Quote lines">
        {lines.map((line, i) => (
          <div className="cbo-row" key={i}>
            <label className="cbo-field">
              <span>Line {i + 1}</span>
              <select
                value={line.kind === 'free' ? 'free' : line.offer}
                disabled={locked}
                onChange={(e) =>
                  e.target.value === 'free'
                    ? setLine(i, { kind: 'free' })
                    : setLine(i, { kind: 'offer', offer: e.target.value })
                }
              >
                {offers.map((offer) => (
                  <option key={offer.key} value={offer.key}>
                    {offer.title} ({formatMoney(offer.priceCents, 'price')})
                  </option>
                ))}
                <option value="free">Other…</option>
              </select>
            </label>
            {line.kind === 'free' ? (
              <>
                <label className="cbo-field cbo-field--grow">
                  <span>Description</span>
                  <input
                    required
                    disabled={locked}
                    value={line.description}
                    onChange={(e) => setLine(i, { description: e.target.value })}
                  />
                </label>
                <label className="cbo-field">
                  <span>Amount (USD)</span>
                  <input
                    type="number"
                    min="0"
                    step="0.01"
                    required
                    disabled={locked}
                    value={line.amount}
                    onChange={(e) => setLine(i, { amount: e.target.value })}
                  />
                </label>
              </>
            ) : (
              <label className="cbo-field">
                <span>Quantity</span>
                <input
                  type="number"
                  min="1"
                  max="100"
                  step="1"
                  required
                  disabled={locked}
                  value={line.quantity}
                  onChange={(e) => setLine(i, { quantity: e.target.value })}
                />
              </label>
            )}
            {lines.length > 1 && !locked ? (
              <ActionButton look="secondary" onClick={() => setLines((all) => all.filter((_, j) => j !== i))}>
                Remove line {i + 1}
              </ActionButton>
            ) : null}
          </div>
        ))}
        {locked ? null : (
          <>
            <ActionButton look="secondary" onClick={() => setLines((all) => [...all, blankLine(firstOffer)])}>
              Add line
            </ActionButton>
            <div className="cbo-row">
              <label className="cbo-field cbo-field--grow">
                <span>Note for the customer</span>
                <textarea value={note} maxLength={1000} onChange={(e) => setNote(e.target.value)} />
              </label>
              <label className="cbo-field">
                <span>Valid until</span>
                <input type="date" value={validUntil} onChange={(e) => setValidUntil(e.target.value)} />
              </label>
            </div>
            <div className="cbo-inline">
              <ActionButton type="submit" disabled={busy}>
                Save quote
              </ActionButton>
              {quote ? (
                <ActionButton look="secondary" disabled={busy} onClick={send}>
                  {status === 'draft' ? 'Send quote' : 'Send again'}
                </ActionButton>
              ) : null}
            </div>
          </>
        )}
      </form>
    </section>
  )
}
