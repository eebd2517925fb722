import { Pill } from '@payloadcms/ui'
import type { ComponentProps } from 'react'
import QRCode from 'qrcode'

import type { readLeadInvoices } from '@/data/back-office'
import { leadFormPath } from '@/lib/lead-forms'
import { MONEY_STATES, type MoneyState, moneyState } from '@/lib/money'

import { LeadPaymentForm } from './lead-payment'
import { PostForm } from './post-form.client'
import { formatMoney } from '@/lib/money'

// An invoice's state in Payload's own pill colours.
const MONEY_PILLS: Record<MoneyState, ComponentProps<typeof Pill>['pillStyle']> = {
  paid: 'success',
  part_paid: 'warning',
  owing: 'error',
}

export type LeadInvoice = Awaited<ReturnType<typeof readLeadInvoices>>[number]

type Props = { leadId: number; invoices: LeadInvoice[]; back: string; formKey: string; completed: boolean }

// The job's money, in the order of the job: the drafted invoice, editable in dollars, with
// Send invoice; each sent invoice with its state, Resend, Send reminder, its pay link as a QR
// code and a credit note; and Take payment for what the customer hands over at the van. Every
// form posts before any script (src/collections/Leads/endpoints/invoiceForms.ts).
export async function JobMoney({ leadId, invoices, back, formKey, completed }: Props) {
  const bills = invoices.filter((i) => i.kind === 'invoice')
  const draft = bills.find((i) => i.status === 'draft')
  const sent = bills.filter((i) => i.status !== 'draft')
  const owed = sent.filter((i) => moneyState(i) === 'owing' || moneyState(i) === 'part_paid')
  const payable = [...(draft && completed ? [draft] : []), ...owed].map((i) => ({
    id: i.id,
    number: i.number ?? 'Draft',
    balance: formatMoney(i.balanceCents ?? 0),
    balanceDollars: formatMoney(Math.max(0, i.balanceCents ?? 0), 'sheet'),
  }))
  if (!bills.length) return null
  return (
    <section className="cbo-stack" aria-labelledby="cbo-money-title" data-testid="lead-money">
      <h3 id="cbo-money-title">Invoices</h3>
      {draft ? <DraftInvoice leadId={leadId} draft={draft} back={back} /> : null}
      <ul className="cbo-stack cbo-invoices">
        {sent.map((invoice) => (
          <SentInvoice
            key={invoice.id}
            leadId={leadId}
            invoice={invoice}
            credits={invoices.filter((i) => i.kind === 'credit_note' && i.corrects === invoice.id)}
            back={back}
            formKey={formKey}
          />
        ))}
      </ul>
      {payable.length ? (
        <LeadPaymentForm key={formKey} leadId={leadId} back={back} formKey={formKey} invoices={payable} />
      ) : null}
    </section>
  )
}

function Hidden({ back, invoice, formKey }: { back: string; invoice: number; formKey?: string }) {
  return (
    <>
      <input type="hidden" name="back" value={back} />
      <input type="hidden" name="invoice" value={invoice} />
      {formKey ? <input type="hidden" name="key" value={formKey} /> : null}
    </>
  )
}

function DraftInvoice({ leadId, draft, back }: { leadId: number; draft: LeadInvoice; back: string }) {
  // The draft's lines and one blank row to add a line; a row left blank is dropped.
  const rows = [...(draft.lines ?? []), { id: 'new', description: '', quantity: 1, unitCents: null }]
  return (
    // Drawn anew once saved: the blank row to add a line is blank again.
    <PostForm
      key={draft.updatedAt}
      action={`/api${leadFormPath(leadId, 'invoice')}`}
      failed="The invoice could not be saved."
      className="cbo-form cbo-stack"
      aria-labelledby="cbo-draft-title"
      data-testid="invoice-draft"
    >
      <h4 id="cbo-draft-title">
        Invoice draft · {formatMoney(draft.totalCents ?? 0)}
        {draft.depositCents ? ` · deposit paid ${formatMoney(draft.depositCents)}` : ''}
      </h4>
      <Hidden back={back} invoice={draft.id} />
      {rows.map((line, i) => (
        <fieldset key={line.id ?? i} className="cbo-row" data-testid="invoice-line">
          <legend className="cbo-meta">{line.id === 'new' ? 'Add a line' : `Line ${i + 1}`}</legend>
          <label className="cbo-field">
            <span>Description</span>
            <input name="description" defaultValue={line.description} maxLength={200} />
          </label>
          <label className="cbo-field">
            <span>Quantity</span>
            <input
              name="quantity"
              type="number"
              min={1}
              max={100}
              step={1}
              defaultValue={line.quantity ?? 1}
            />
          </label>
          <label className="cbo-field">
            <span>Unit price ($)</span>
            <input
              name="unit"
              inputMode="decimal"
              autoComplete="off"
              defaultValue={line.unitCents == null ? '' : formatMoney(line.unitCents, 'sheet')}
            />
          </label>
        </fieldset>
      ))}
      <div className="cbo-row">
        <label className="cbo-field">
          <span>Discount ($)</span>
          <input
            name="discount"
            inputMode="decimal"
            autoComplete="off"
            defaultValue={formatMoney(draft.discountCents ?? 0, 'sheet')}
          />
        </label>
        <label className="cbo-field">
          <span>Note to the customer</span>
          <input name="note" defaultValue={draft.note ?? ''} maxLength={1000} />
        </label>
      </div>
      <div className="cbo-inline">
        <button type="submit" name="do" value="send" className="cbo-button cbo-button--primary">
          Send invoice
        </button>
        <button type="submit" name="do" value="save" className="cbo-button cbo-button--secondary">
          Save draft
        </button>
      </div>
    </PostForm>
  )
}

async function SentInvoice(props: {
  leadId: number
  invoice: LeadInvoice
  credits: LeadInvoice[]
  back: string
  formKey: string
}) {
  const { leadId, invoice, credits, back, formKey } = props
  const state = moneyState(invoice)
  const owing = state === 'owing' || state === 'part_paid'
  const qr = invoice.payLink ? await QRCode.toString(invoice.payLink, { type: 'svg', margin: 1 }) : null
  return (
    <li className="cbo-stack" data-testid="lead-invoice">
      <div className="cbo-card__head">
        <span>
          Invoice {invoice.number} · {formatMoney(invoice.totalCents ?? 0)}
          <span className="cbo-meta" data-testid="lead-invoice-balance">
            {' · '}Balance {formatMoney(Math.max(0, invoice.balanceCents ?? 0))}
          </span>
        </span>
        <Pill size="small" pillStyle={state ? MONEY_PILLS[state] : 'light-gray'} className="cbo-money">
          {state ? MONEY_STATES[state] : 'Credited'}
        </Pill>
      </div>
      {credits.map((note) => (
        <p key={note.id} className="cbo-meta" data-testid="lead-credit-note">
          Credit note {note.number ?? '(draft)'} · {formatMoney(note.totalCents ?? 0)}
          {note.lines?.[0]?.description ? ` · ${note.lines[0].description}` : ''}
        </p>
      ))}
      {owing ? (
        <div className="cbo-inline">
          <PostForm
            action={`/api${leadFormPath(leadId, 'invoice-resend')}`}
            failed="The invoice could not be sent."
            className="cbo-inline-form"
          >
            <Hidden back={back} invoice={invoice.id} formKey={formKey} />
            <button type="submit" className="cbo-button cbo-button--secondary">
              Resend
            </button>
          </PostForm>
          <PostForm
            action={`/api${leadFormPath(leadId, 'invoice-remind')}`}
            failed="The reminder could not be sent."
            className="cbo-inline-form"
          >
            <Hidden back={back} invoice={invoice.id} formKey={formKey} />
            <button type="submit" className="cbo-button cbo-button--secondary">
              Send reminder
            </button>
          </PostForm>
        </div>
      ) : null}
      {qr && invoice.payLink ? (
        <details data-testid="invoice-qr">
          <summary>Pay by card on the customer&apos;s phone (QR code)</summary>
          {/* The SVG is drawn by the qrcode package from our own link: no customer input in it. */}
          <div
            className="cbo-qr"
            role="img"
            aria-label="QR code of the pay link"
            dangerouslySetInnerHTML={{ __html: qr }}
          />
          <p className="cbo-meta">
            <a href={invoice.payLink}>{invoice.payLink}</a>
          </p>
        </details>
      ) : null}
      {state && state !== 'paid' ? (
        <details data-testid="credit-note">
          <summary>Issue credit note</summary>
          <PostForm
            action={`/api${leadFormPath(leadId, 'credit-note')}`}
            failed="The credit note could not be issued."
            className="cbo-form"
            reset
          >
            <Hidden back={back} invoice={invoice.id} />
            <label className="cbo-field">
              <span>Amount to credit ($)</span>
              <input name="amount" inputMode="decimal" autoComplete="off" required />
            </label>
            <label className="cbo-field">
              <span>Reason</span>
              <input name="reason" maxLength={200} required />
            </label>
            <button type="submit" className="cbo-button cbo-button--primary">
              Issue credit note
            </button>
          </PostForm>
        </details>
      ) : null}
    </li>
  )
}
