import { Gutter } from '@payloadcms/ui'
import type { DocumentViewServerProps } from 'payload'

import { newFormKey } from '@/server/form-key'

import { consentBasisOf } from '@/lib/text-consent'
import type { Lead, LeadEvent, Quote, TextMessage, Visit } from '@/payload-types'
import { formatBusinessDate } from '@/lib/business-time'
import { ERASED_LEAD, leadEraseContact } from '@/lib/erase-request'
import { offeredService } from '@/lib/home-content'
import { LEAD_NOTE_MAX, timelineOf } from '@/lib/lead-events'
import { closedToVisits } from '@/lib/lead-status'
import { LEAD_FORM_ERRORS, leadFormPath, outcomeOf } from '@/lib/lead-forms'
import { isBusinessToday } from '@/lib/customer-texts'
import { PARTNER_CHANNEL, promoLabel, sourceLabel } from '@/lib/lead-source'
import { leadAdminPath } from '@/lib/server-url'
import { safeAdminRedirect } from '@/lib/safe-redirect'
import { businessDay } from '@/lib/statements'
import {
  readCustomerLeads,
  readJobFacts,
  readLatestQuote,
  readLead,
  readLeadEvents,
  readLeadInvoices,
  readLeadTexts,
  readLiveVisit,
  readOpenSlots,
  readPublishedOffers,
  readQuoteDeposit,
  readQuoteLink,
  readTextOptOut,
  readTextedIn,
  readTimeZone,
  readTripFee,
} from '@/data/back-office'

import { LeadVisit } from './lead-visit.client'
import { LeadLostControl } from './lead-actions.client'
import { LeadAddressForm } from './lead-address.client'
import { LeadTextReply } from './lead-text.client'
import { JobMoney } from './job-money'
import { JobDeposit } from './job-deposit'
import { EraseCustomerButton } from './erase-customer-button.client'
import { LeadStatusButton } from './lead-status-button'
import { CompleteWithVisit, LeadFormNotice } from './lead-form-answers'
import { LeadStatusLine } from './lead-status'
import { EmailLink, LEADS_TAB, MapLink, partnerVolume, photosOf } from './lead-facts'
import { QuoteEditor } from './quote-editor.client'
import { LoadFailed } from './load-failed'
import { PayloadForm } from './payload-form'
import { PostForm } from './post-form.client'

import './back-office.css'
import { formatMoney } from '@/lib/money'

type LeadText = Pick<
  TextMessage,
  | 'direction'
  | 'body'
  | 'status'
  | 'errorCode'
  | 'errorMessage'
  | 'mediaCount'
  | 'createdAt'
  | 'sentBy'
  | 'consentBasis'
>

// Back to the list the job was opened from, with its filters and page; else the whole list.
function listOf(referer: string | null): string {
  let from: URL
  try {
    from = new URL(referer ?? '', 'http://site.invalid')
  } catch {
    return LEADS_TAB
  }
  const path = safeAdminRedirect(`${from.pathname}${from.search}`)
  return path.startsWith(`${LEADS_TAB}&`) || path === LEADS_TAB ? path : LEADS_TAB
}

// The lead's document view opens on its job: the customer and car, the quote, the visit, the
// money and the timeline, each step a form that posts before any script. Payload's own form is
// the Details tab; a new lead (no id yet) is typed in that form.
export async function JobPage(props: DocumentViewServerProps) {
  const id = props.doc?.id
  if (id == null) return <PayloadForm {...props} />
  const { payload, user } = props.initPageResult.req
  const reader = { payload, user }
  const outcome = outcomeOf(props.searchParams)
  const back = (
    <a className="cbo-back" href={listOf(props.initPageResult.req.headers.get('referer'))}>
      ← All leads
    </a>
  )
  const [timeZone, lead] = await Promise.all([
    readTimeZone(payload),
    readLead(reader, String(id)).catch(() => null),
  ])
  if (!lead) {
    return (
      <Gutter className="cbo cbo-stack">
        <LeadFormNotice outcome={outcome} />
        {back}
        <p className="cbo-empty">No leads found.</p>
      </Gutter>
    )
  }
  const [
    quote,
    offers,
    events,
    visit,
    slots,
    tripFee,
    customerLeads,
    texts,
    optedOut,
    invoices,
    facts,
    textedIn,
  ] = await Promise.all([
    readLatestQuote(reader, lead.id).catch(() => null),
    readPublishedOffers(reader).catch(() => []),
    readLeadEvents(reader, lead.id).catch(() => null),
    readLiveVisit(reader, lead.id).catch(() => null),
    readOpenSlots(reader).catch(() => []),
    readTripFee(reader).catch(() => null),
    readCustomerLeads(reader, lead).catch(() => null),
    readLeadTexts(reader, lead.id).catch(() => null),
    // Null: an erased lead, or a phone no text can reach.
    lead.erasedAt ? null : readTextOptOut(reader, lead.phone).catch(() => null),
    readLeadInvoices(reader, lead.id).catch(() => null),
    readJobFacts(reader, [lead], timeZone)
      .then((byLead) => byLead.get(lead.id))
      .catch(() => undefined),
    readTextedIn(reader, lead.id).catch(() => false),
  ])
  const [quoteLink, deposit] = quote
    ? await Promise.all([
        readQuoteLink(reader, quote).catch(() => null),
        readQuoteDeposit(reader, quote).catch(() => null),
      ])
    : [null, null]
  const when = (at: string) => formatBusinessDate(at, timeZone)
  const choices = customerLeads?.map((l) => ({ id: l.id, name: l.name, when: when(l.createdAt) }))
  // The same customer's jobs before this one (by e-mail or phone): a returning customer.
  const earlierJobs = lead.erasedAt
    ? []
    : (customerLeads ?? [])
        .filter((l) => l.id !== lead.id && l.createdAt < lead.createdAt)
        .map((l) => ({ id: l.id, name: l.name, when: when(l.createdAt) }))
  const photos = photosOf(lead)
  // A lead closed as lost shows that, and only what can still be done: reopen it, cancel a visit.
  const lost = Boolean(lead.lostReason)
  const here = leadAdminPath(lead.id)
  return (
    <Gutter className="cbo">
      <article className="cbo-stack cbo-lead" aria-labelledby="cbo-lead-name" data-testid="lead-details">
        <LeadFormNotice outcome={outcome} />
        {back}
        <div className="cbo-card__head">
          <h2 id="cbo-lead-name">
            {lead.firstName} {lead.lastName}
          </h2>
          <LeadStatusLine status={lead.status} lost={lost} facts={facts} />
        </div>
        <dl className="cbo-facts">
          <dt>Phone</dt>
          <dd>
            <a href={`tel:${lead.phone}`}>{lead.phone}</a>
          </dd>
          <dt>E-mail</dt>
          <dd>
            <EmailLink email={lead.email} />
          </dd>
          {earlierJobs.length ? (
            <>
              <dt>Customer</dt>
              <dd data-testid="lead-returning">
                Returning customer
                <ul className="cbo-earlier-jobs" aria-label="Earlier jobs">
                  {earlierJobs.map((job) => (
                    <li key={job.id}>
                      <a href={leadAdminPath(job.id)}>
                        {job.name}, {job.when}
                      </a>
                    </li>
                  ))}
                </ul>
              </dd>
            </>
          ) : null}
          {lead.channel === PARTNER_CHANNEL ? (
            <>
              <dt>Dealership</dt>
              <dd data-testid="lead-dealership">{partnerVolume(lead)}</dd>
            </>
          ) : (
            <>
              <dt>Service</dt>
              <dd>{offeredService(lead)}</dd>
            </>
          )}
          <dt>Address</dt>
          <dd data-testid="lead-address">
            {lead.address ? <MapLink place={lead.address} /> : <span className="cbo-meta">Not given</span>}
            <LeadAddressForm key={lead.address ?? ''} leadId={lead.id} address={lead.address ?? null} />
          </dd>
          {lead.zip ? (
            <>
              <dt>ZIP code</dt>
              <dd>
                <MapLink place={lead.zip} />
                {lead.outsideServiceArea ? (
                  <span className="cbo-meta" data-testid="lead-outside-area">
                    {' '}
                    · Outside the service area
                    {tripFee ? `: trip fee ${formatMoney(tripFee * 100, 'price')}` : ''}
                  </span>
                ) : null}
              </dd>
            </>
          ) : null}
          {lead.vehicle || lead.wheelSize ? (
            <>
              <dt>Vehicle</dt>
              <dd>
                {[lead.vehicle, lead.wheelSize ? `${lead.wheelSize} wheels` : null]
                  .filter(Boolean)
                  .join(', ')}
              </dd>
            </>
          ) : null}
          <dt>Received</dt>
          <dd>
            <time dateTime={lead.createdAt}>{formatBusinessDate(lead.createdAt, timeZone)}</time>
          </dd>
          <dt>Promo code</dt>
          <dd>{promoLabel(lead) ?? 'None'}</dd>
          <dt>Source</dt>
          <dd>{sourceLabel(lead)}</dd>
          <dt>Description</dt>
          <dd className="cbo-description">{lead.description}</dd>
        </dl>
        {photos.length ? (
          <ul className="cbo-gallery" aria-label="Photos">
            {photos.map((photo, i) => (
              <li key={photo.id}>
                <a href={photo.url ?? '#'} target="_blank" rel="noreferrer">
                  {/* eslint-disable-next-line @next/next/no-img-element -- private, access-checked files */}
                  <img src={photo.url ?? ''} alt={`Photo ${i + 1} of ${photos.length}`} />
                </a>
                <p className="cbo-meta" aria-hidden="true">
                  Photo {i + 1} of {photos.length}
                </p>
              </li>
            ))}
          </ul>
        ) : null}
        {lost && !quote ? null : (
          <QuoteEditor
            key={quote ? `${quote.id}-${quote.updatedAt}` : 'new'}
            leadId={lead.id}
            offers={offers.map((o) => ({ key: o.key, title: o.title, priceCents: o.priceCents }))}
            quote={quote}
            answered={answerOf(quote, timeZone)}
            timeZone={timeZone}
            closed={lost}
          />
        )}
        {quote && deposit && !lost ? (
          <JobDeposit
            leadId={lead.id}
            quote={{
              id: quote.id,
              totalCents: quote.totalCents ?? 0,
              waived: Boolean(quote.depositWaivedAt),
            }}
            deposit={deposit}
            back={here}
            formKey={newFormKey()}
            today={businessDay(new Date().toISOString(), timeZone)}
          />
        ) : null}
        <LeadVisit
          leadId={lead.id}
          visit={
            visit
              ? {
                  id: visit.id,
                  label: when(visit.start),
                  confirmed: Boolean(visit.confirmedAt),
                  today: isBusinessToday(visit.start, timeZone),
                  done: Boolean(visit.doneAt),
                }
              : null
          }
          back={here}
          slots={slots.map((slot) => ({ start: slot.start, label: when(slot.start) }))}
          address={lead.address ?? null}
          canBook={closedToVisits(lead) === null}
          closed={lead.status === 'completed'}
        />
        {/* The status endpoint sends the owner here when the lead's live visit is still ahead. */}
        {outcome?.kind === 'confirm-completed' && visit && lead.status !== 'completed' ? (
          <CompleteWithVisit leadId={lead.id} visitId={visit.id} when={when(visit.start)} back={here} />
        ) : null}
        <div className="cbo-inline">
          {lost ? null : <LeadStatusButton id={lead.id} status={lead.status} back={here} />}
          {lead.email !== ERASED_LEAD.email && choices?.length ? (
            <EraseCustomerButton {...leadEraseContact(lead)} leads={choices} />
          ) : null}
        </div>
        {invoices ? (
          <JobMoney
            leadId={lead.id}
            invoices={invoices}
            back={here}
            formKey={newFormKey()}
            completed={lead.status === 'completed'}
          />
        ) : (
          <LoadFailed message="Failed to fetch the lead's invoices" />
        )}
        <LeadLostControl leadId={lead.id} lostReason={lead.lostReason ?? null} />
        {optedOut === null ? null : (
          <LeadTextReply
            leadId={lead.id}
            back={here}
            phone={lead.phone}
            optedOut={optedOut}
            askConsent={consentBasisOf(lead, textedIn) === null}
            quoteLink={quoteLink}
            visitTime={visitAhead(visit, timeZone)}
            formKey={newFormKey()}
          />
        )}
        <LeadTimeline lead={lead} events={events} texts={texts} timeZone={timeZone} />
        <LeadNoteForm leadId={lead.id} back={here} />
      </article>
    </Gutter>
  )
}

// The visit's time while it is still ahead: what a reply tells the customer.
function visitAhead(visit: Visit | null, timeZone: string): string | null {
  return visit && Date.parse(visit.start) > Date.now() ? formatBusinessDate(visit.start, timeZone) : null
}

// What the customer did with the quote, in words.
function answerOf(quote: Quote | null, timeZone: string): string | null {
  if (quote?.status === 'accepted') {
    return `Accepted on ${formatBusinessDate(quote.acceptedAt, timeZone)}.`
  }
  if (quote?.status === 'changes_requested') {
    return `Asked for changes on ${formatBusinessDate(quote.changeRequestedAt, timeZone)}: ${quote.changeRequest ?? ''}`
  }
  if (quote?.status === 'sent') {
    return quote.viewedAt
      ? `Sent on ${formatBusinessDate(quote.sentAt, timeZone)}, opened on ${formatBusinessDate(quote.viewedAt, timeZone)}.`
      : `Sent on ${formatBusinessDate(quote.sentAt, timeZone)}, not opened yet.`
  }
  return null
}

// Staff only, like the rest of the lead; kept whatever the lead's status.
function LeadTimeline({
  lead,
  events,
  texts,
  timeZone,
}: {
  lead: Lead
  events: LeadEvent[] | null
  texts: LeadText[] | null
  timeZone: string
}) {
  if (!events || !texts) return <LoadFailed message="Failed to fetch the lead's timeline" />
  const entries = timelineOf(
    { createdAt: lead.createdAt, source: sourceLabel(lead), promo: lead.promoCode ?? null },
    events.map((e) => ({
      kind: e.kind,
      text: e.text,
      by: typeof e.by === 'object' && e.by ? e.by.email : null,
      at: e.createdAt,
    })),
    texts.map((t) => ({
      direction: t.direction,
      body: t.body,
      status: t.status,
      errorCode: t.errorCode,
      errorMessage: t.errorMessage,
      photos: t.mediaCount,
      at: t.createdAt,
      by: typeof t.sentBy === 'object' && t.sentBy ? t.sentBy.email : null,
      consent: t.consentBasis ?? null,
    })),
  )
  return (
    <section className="cbo-stack" aria-labelledby="cbo-timeline-title">
      <h3 id="cbo-timeline-title">Timeline</h3>
      <ol className="cbo-timeline" data-testid="lead-timeline">
        {entries.map((entry, i) => (
          <li key={i} data-testid={entry.text ? 'lead-text' : undefined}>
            <p>
              <strong>{entry.title}</strong>
              {entry.by ? <span className="cbo-meta"> · {entry.by}</span> : null}
            </p>
            {entry.detail ? <p className="cbo-description">{entry.detail}</p> : null}
            {entry.text?.consent ? (
              <p className="cbo-meta" data-testid="lead-text-consent">
                {entry.text.consent}
              </p>
            ) : null}
            {entry.text?.state ? (
              <p
                className={entry.text.failed ? 'cbo-text-state cbo-text-state--failed' : 'cbo-meta'}
                data-testid="lead-text-state"
              >
                {entry.text.state}
              </p>
            ) : null}
            <time className="cbo-meta" dateTime={entry.at}>
              {formatBusinessDate(entry.at, timeZone)}
            </time>
          </li>
        ))}
      </ol>
    </section>
  )
}

// A note on the lead's timeline, in the name of whoever writes it.
function LeadNoteForm({ leadId, back }: { leadId: number; back: string }) {
  return (
    <PostForm
      action={`/api${leadFormPath(leadId, 'note')}`}
      failed={LEAD_FORM_ERRORS.note}
      className="cbo-stack"
      reset
    >
      <input type="hidden" name="back" value={back} />
      <label className="cbo-field">
        <span>Note</span>
        <textarea
          name="text"
          rows={3}
          required
          maxLength={LEAD_NOTE_MAX}
          placeholder="Called, left a message…"
        />
      </label>
      <div className="cbo-inline">
        <button type="submit" className="cbo-button cbo-button--primary">
          Add note
        </button>
      </div>
    </PostForm>
  )
}
