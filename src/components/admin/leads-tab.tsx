import { newFormKey } from '@/server/form-key'

import type { CustomerUpload, Lead, LeadEvent, Quote, TextMessage, Visit } from '@/payload-types'
import { formatBusinessDate } from '@/lib/business-time'
import { ERASED_LEAD, leadEraseContact } from '@/lib/erase-request'
import { formatPrice, offeredService } from '@/lib/home-content'
import { LOST_REASON_LABELS, timelineOf } from '@/lib/lead-events'
import { QUOTE_STATUS_LABELS } from '@/lib/quote-status'
import { closedToVisits } from '@/lib/lead-status'
import { leadFilters, leadsHref } from '@/lib/lead-query'
import { outcomeOf, type LeadFormOutcome } from '@/lib/lead-forms'
import { isBusinessToday } from '@/lib/customer-texts'
import { PARTNER_CHANNEL, TEXT_CHANNEL, promoLabel, sourceLabel } from '@/lib/lead-source'
import { VISIT_CONFIRMED_LABEL } from '@/lib/visit-status'
import type { LeadFilters } from '@/lib/lead-query'
import type { Reader, WeekCount } from '@/data/back-office'
import {
  leadsPerWeek,
  promotionChoices,
  readLatestQuote,
  readLead,
  readLeadEvents,
  readLeadTexts,
  readLeads,
  readLeadInvoices,
  readLiveVisit,
  readMoneyAtAGlance,
  readCustomerLeads,
  readOpenSlots,
  readPublishedOffers,
  readQuoteLink,
  readTextOptOut,
  readTodaysWorkOrders,
  readTripFee,
  readUpcomingVisits,
  readWorkOrderForTechnician,
} from '@/data/back-office'
import { wheelOutcomeOf } from '@/lib/work-order-forms'

import { type SlotChoice, LeadVisit } from './lead-visit.client'
import { LeadLostControl, LeadNoteForm } from './lead-actions.client'
import { LeadAddressForm } from './lead-address.client'
import { LeadTextReply } from './lead-text.client'
import { type LeadInvoice, LeadMoney } from './lead-money'
import { MoneyPanel } from './money-panel'
import { LeadFiltersForm, LeadsPagination } from './lead-filters.client'
import { type CustomerLeadChoice, EraseCustomerButton } from './erase-customer-button.client'
import { LeadStatusButton } from './lead-status-button.client'
import { CompleteWithVisit, LeadFormNotice } from './lead-form-answers'
import { LeadStatusPill } from './lead-status'
import { type QuoteOffer, QuoteEditor } from './quote-editor.client'
import { LoadFailed } from './load-failed'
import { TechnicianWorkOrder } from './technician-work-order'
import { TodaysWorkOrders } from './todays-work-orders'

type LeadText = Pick<
  TextMessage,
  'direction' | 'body' | 'status' | 'errorCode' | 'errorMessage' | 'mediaCount' | 'createdAt'
>

type SearchParams = Record<string, string | string[] | undefined> | undefined

function photosOf(lead: Lead): CustomerUpload[] {
  return (lead.photos ?? []).filter((p): p is CustomerUpload => typeof p === 'object' && p !== null)
}

function one(value: string | string[] | undefined): string {
  return (Array.isArray(value) ? value[0] : value) ?? ''
}

export async function LeadsTab(props: { reader: Reader; timeZone: string; searchParams: SearchParams }) {
  const { reader, timeZone } = props
  const filters = leadFilters(props.searchParams)
  const leadId = one(props.searchParams?.lead)
  const outcome = outcomeOf(props.searchParams)
  const workOrderId = one(props.searchParams?.workOrder)
  if (workOrderId) {
    const order = await readWorkOrderForTechnician(reader, workOrderId).catch(() => null)
    return (
      <TechnicianWorkOrder order={order} timeZone={timeZone} outcome={wheelOutcomeOf(props.searchParams)} />
    )
  }
  if (leadId) {
    const lead = await readLead(reader, leadId).catch(() => null)
    const [quote, offers, events, visit, slots, tripFee, customerLeads, texts, optedOut, invoices] = lead
      ? await Promise.all([
          readLatestQuote(reader, lead.id).catch(() => null),
          readPublishedOffers(reader).catch(() => []),
          readLeadEvents(reader, lead.id).catch(() => null),
          readLiveVisit(reader, lead.id).catch(() => null),
          readOpenSlots(reader).catch(() => []),
          readTripFee(reader).catch(() => null),
          readCustomerLeads(reader, lead).catch(() => null),
          readLeadTexts(reader, lead.id).catch(() => null),
          lead.erasedAt ? null : readTextOptOut(reader, lead.phone).catch(() => null),
          readLeadInvoices(reader, lead.id).catch(() => null),
        ])
      : [null, [], [], null, [], null, null, [], null, []]
    const quoteLink = quote ? await readQuoteLink(reader, quote).catch(() => null) : null
    return (
      <LeadDetails
        outcome={outcome}
        lead={lead}
        filters={filters}
        timeZone={timeZone}
        quote={quote}
        events={events}
        texts={texts}
        optedOut={optedOut}
        quoteLink={quoteLink}
        invoices={invoices}
        visit={visit}
        slots={slots.map((s) => ({ start: s.start, label: formatBusinessDate(s.start, timeZone) }))}
        tripFee={tripFee}
        customerLeads={customerLeads?.map((l) => ({
          id: l.id,
          name: l.name,
          when: formatBusinessDate(l.createdAt, timeZone),
        }))}
        offers={offers.map((o) => ({ key: o.key, title: o.title, priceCents: o.priceCents }))}
      />
    )
  }

  const [page, weeks, promotions, visits, schedule, money] = await Promise.all([
    readLeads(reader, filters).catch((error: unknown) => {
      reader.payload.logger.error({ err: error, msg: 'back office: leads could not be read' })
      return null
    }),
    leadsPerWeek(reader, timeZone).catch(() => null),
    promotionChoices(reader).catch(() => []),
    readUpcomingVisits(reader, timeZone).catch(() => null),
    readTodaysWorkOrders(reader, timeZone).catch(() => null),
    readMoneyAtAGlance(reader, timeZone).catch((error: unknown) => {
      reader.payload.logger.error({ err: error, msg: 'back office: money figures could not be read' })
      return null
    }),
  ])
  const sources = [...new Set((weeks ?? []).flatMap((w) => Object.keys(w.bySource)))].sort()
  return (
    <div className="cbo-stack">
      <LeadFormNotice outcome={outcome} />
      <MoneyPanel money={money} timeZone={timeZone} />
      {/* One day's schedule for the van: retail visits and dealerships' work orders side by side. */}
      <div className="cbo-day">
        <UpcomingVisits visits={visits} timeZone={timeZone} filters={filters} />
        <TodaysWorkOrders schedule={schedule} />
      </div>
      {/* On a phone the list comes first: the chart and the filters fold behind one button
          (a checkbox and its label, so it works before any script), open while a filter is on. */}
      <div className="cbo-fold">
        <input
          type="checkbox"
          id="cbo-fold-toggle"
          className="cbo-fold__toggle"
          defaultChecked={Boolean(
            filters.status || filters.q || filters.promotion || filters.source || filters.chart,
          )}
        />
        <label htmlFor="cbo-fold-toggle" className="cbo-fold__button">
          Chart and filters
        </label>
        <div className="cbo-fold__panel cbo-stack">
          <LeadsChart weeks={weeks} bySource={filters.chart === 'source'} sources={sources} />
          <LeadFiltersForm
            key={`${filters.status}|${filters.q}|${filters.promotion}|${filters.source}|${filters.chart}`}
            filters={filters}
            promotions={promotions}
            sources={sources}
          />
        </div>
      </div>
      {page ? null : <LoadFailed message="Failed to fetch leads" />}
      {page && page.docs.length === 0 ? <p className="cbo-empty">No leads found.</p> : null}
      <ul className="cbo-list" aria-label="Leads">
        {page?.docs.map((lead) => (
          <li key={lead.id} className="cbo-card" data-testid="lead">
            <div className="cbo-card__head">
              <h3>
                <a href={leadsHref(filters, lead.id)}>
                  {lead.firstName} {lead.lastName}
                </a>
              </h3>
              <LeadStatusPill status={lead.status} lost={Boolean(lead.lostReason)} />
            </div>
            <p className="cbo-meta">
              <a href={`tel:${lead.phone}`}>{lead.phone}</a> ·{' '}
              <a href={`mailto:${lead.email}`}>{lead.email}</a>
            </p>
            <p className="cbo-meta">
              {lead.channel === PARTNER_CHANNEL ? partnerVolume(lead) : offeredService(lead)} ·{' '}
              <time dateTime={lead.createdAt}>{formatBusinessDate(lead.createdAt, timeZone)}</time>
            </p>
            {lead.promoCode ||
            lead.utmSource ||
            lead.referrerHost ||
            lead.channel === TEXT_CHANNEL ||
            lead.channel === PARTNER_CHANNEL ? (
              <p className="cbo-meta" data-testid="lead-origin">
                {lead.promoCode ? <>{promoLabel(lead)} · </> : null}
                {sourceLabel(lead)}
              </p>
            ) : null}
            {lead.quoteStatus || lead.lostReason ? (
              <p className="cbo-meta" data-testid="lead-quote-state">
                {lead.quoteStatus ? `Quote: ${QUOTE_STATUS_LABELS[lead.quoteStatus]}` : null}
                {lead.quoteStatus && lead.lostReason ? ' · ' : null}
                {lead.lostReason ? `Closed as lost: ${LOST_REASON_LABELS[lead.lostReason]}` : null}
              </p>
            ) : null}
            <p className="cbo-description cbo-clamp">{lead.description}</p>
            {photosOf(lead).length ? (
              <p className="cbo-meta" data-testid="lead-photo-count">
                {photosOf(lead).length === 1 ? '1 photo' : `${photosOf(lead).length} photos`}
              </p>
            ) : null}
            {photosOf(lead).length ? (
              <div className="cbo-photos">
                {photosOf(lead).map((photo) => (
                  <a key={photo.id} href={leadsHref(filters, lead.id)}>
                    {/* eslint-disable-next-line @next/next/no-img-element -- private, access-checked files */}
                    <img src={photo.sizes?.thumbnail?.url ?? photo.url ?? ''} alt="Customer photo" />
                  </a>
                ))}
              </div>
            ) : null}
            {lead.lostReason ? null : (
              <div className="cbo-inline">
                <LeadStatusButton id={lead.id} status={lead.status} back={`/admin${leadsHref(filters)}`} />
              </div>
            )}
          </li>
        ))}
      </ul>
      {page && page.totalPages > 1 ? (
        <nav className="cbo-pager" aria-label="Lead pages">
          <LeadsPagination filters={filters} page={page.page ?? 1} totalPages={page.totalPages} />
          <span>
            Page {page.page} of {page.totalPages} ({page.totalDocs} leads)
          </span>
        </nav>
      ) : null}
    </div>
  )
}

function LeadDetails({
  outcome,
  lead,
  filters,
  timeZone,
  quote,
  events,
  texts,
  optedOut,
  quoteLink,
  invoices,
  offers,
  visit,
  slots,
  tripFee,
  customerLeads,
}: {
  outcome: LeadFormOutcome | null
  lead: Lead | null
  filters: LeadFilters
  timeZone: string
  quote: Quote | null
  events: LeadEvent[] | null
  texts: LeadText[] | null
  optedOut: boolean | null
  quoteLink: string | null
  invoices: LeadInvoice[] | null
  offers: QuoteOffer[]
  visit: Visit | null
  slots: SlotChoice[]
  tripFee: number | null
  customerLeads?: CustomerLeadChoice[]
}) {
  const back = (
    <a className="cbo-back" href={leadsHref(filters)}>
      ← All leads
    </a>
  )
  if (!lead) {
    return (
      <div className="cbo-stack">
        <LeadFormNotice outcome={outcome} />
        {back}
        <p className="cbo-empty">No leads found.</p>
      </div>
    )
  }
  const photos = photosOf(lead)
  // A lead closed as lost shows that, and only what can still be done: reopen it, cancel a visit.
  const lost = Boolean(lead.lostReason)
  const here = `/admin${leadsHref(filters, lead.id)}`
  return (
    <article className="cbo-stack cbo-lead" aria-labelledby="cbo-lead-name" data-testid="lead-details">
      <LeadFormNotice outcome={outcome} />
      {back}
      <div className="cbo-card__head">
        <h2 id="cbo-lead-name">
          {lead.firstName} {lead.lastName}
        </h2>
        <LeadStatusPill status={lead.status} lost={lost} />
      </div>
      <dl className="cbo-facts">
        <dt>Phone</dt>
        <dd>
          <a href={`tel:${lead.phone}`}>{lead.phone}</a>
        </dd>
        <dt>E-mail</dt>
        <dd>
          <a href={`mailto:${lead.email}`}>{lead.email}</a>
        </dd>
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
                  · Outside the service area{tripFee ? `: trip fee ${formatPrice(tripFee * 100)}` : ''}
                </span>
              ) : null}
            </dd>
          </>
        ) : null}
        {lead.vehicle || lead.wheelSize ? (
          <>
            <dt>Vehicle</dt>
            <dd>
              {[lead.vehicle, lead.wheelSize ? `${lead.wheelSize} wheels` : null].filter(Boolean).join(', ')}
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
          offers={offers}
          quote={quote}
          answered={answerOf(quote, timeZone)}
          timeZone={timeZone}
          closed={lost}
        />
      )}
      <LeadVisit
        leadId={lead.id}
        visit={
          visit
            ? {
                id: visit.id,
                label: formatBusinessDate(visit.start, timeZone),
                confirmed: Boolean(visit.confirmedAt),
                today: isBusinessToday(visit.start, timeZone),
              }
            : null
        }
        back={here}
        slots={slots}
        address={lead.address ?? null}
        canBook={closedToVisits(lead) === null}
      />
      {/* The status endpoint sends the owner here when the lead's live visit is still ahead. */}
      {outcome?.kind === 'confirm-completed' && visit && lead.status !== 'completed' ? (
        <CompleteWithVisit
          leadId={lead.id}
          visitId={visit.id}
          when={formatBusinessDate(visit.start, timeZone)}
          back={here}
        />
      ) : null}
      <div className="cbo-inline">
        {lost ? null : <LeadStatusButton id={lead.id} status={lead.status} back={here} />}
        {lead.email !== ERASED_LEAD.email && customerLeads?.length ? (
          <EraseCustomerButton {...leadEraseContact(lead)} leads={customerLeads} />
        ) : null}
      </div>
      {invoices ? (
        <LeadMoney leadId={lead.id} invoices={invoices} back={here} formKey={newFormKey()} />
      ) : (
        <LoadFailed message="Failed to fetch the lead's invoices" />
      )}
      <LeadLostControl leadId={lead.id} lostReason={lead.lostReason ?? null} />
      {/* Null: an erased lead, or a phone no text can reach. */}
      {optedOut === null ? null : (
        <LeadTextReply
          leadId={lead.id}
          back={here}
          phone={lead.phone}
          optedOut={optedOut}
          quoteLink={quoteLink}
          visitTime={visitAhead(visit, timeZone)}
          formKey={newFormKey()}
        />
      )}
      <LeadTimeline lead={lead} events={events} texts={texts} timeZone={timeZone} />
      <LeadNoteForm leadId={lead.id} back={here} />
    </article>
  )
}

// The visit's time while it is still ahead: what a reply tells the customer.
function visitAhead(visit: Visit | null, timeZone: string): string | null {
  return visit && Date.parse(visit.start) > Date.now() ? formatBusinessDate(visit.start, timeZone) : null
}

// Plain CSS bars; the numbers are in the bars' titles and in a table for screen readers.
function LeadsChart({
  weeks,
  bySource,
  sources,
}: {
  weeks: WeekCount[] | null
  bySource: boolean
  sources: string[]
}) {
  if (!weeks) return <p className="cbo-empty">The weekly chart could not be loaded.</p>
  const max = Math.max(1, ...weeks.map((w) => w.count + w.lost))
  const total = weeks.reduce((sum, w) => sum + w.count, 0)
  const lost = weeks.reduce((sum, w) => sum + w.lost, 0)
  return (
    <figure className="cbo-chart" aria-labelledby="cbo-chart-title">
      <figcaption id="cbo-chart-title">
        Leads per week{' '}
        <span className="cbo-meta">
          ({total} in the last {weeks.length} weeks{lost ? `, ${lost} more closed as lost` : ''})
        </span>
      </figcaption>
      <ol className="cbo-chart__bars" aria-hidden="true">
        {weeks.map((week) => (
          <li key={week.label} title={`Week of ${week.label}: ${week.count}, lost ${week.lost}`}>
            {week.lost ? (
              <span
                className="cbo-chart__bar cbo-chart__bar--lost"
                style={{ height: `${(week.lost / max) * 100}%` }}
              />
            ) : null}
            <span className="cbo-chart__bar" style={{ height: `${(week.count / max) * 100}%` }} />
            <span className="cbo-chart__label">{week.label}</span>
          </li>
        ))}
      </ol>
      {bySource ? (
        <table className="cbo-table" data-testid="leads-per-week-by-source">
          <caption>Leads per week by source</caption>
          <thead>
            <tr>
              <th scope="col">Week of</th>
              {sources.map((source) => (
                <th key={source} scope="col">
                  {source}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {weeks.map((week) => (
              <tr key={week.label}>
                <th scope="row">{week.label}</th>
                {sources.map((source) => (
                  <td key={source}>{week.bySource[source] ?? 0}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      <table className="cbo-sr-only" data-testid="leads-per-week">
        <thead>
          <tr>
            <th scope="col">Week of</th>
            <th scope="col">Leads</th>
            <th scope="col">Closed as lost</th>
          </tr>
        </thead>
        <tbody>
          {weeks.map((week) => (
            <tr key={week.label}>
              <td>{week.label}</td>
              <td>{week.count}</td>
              <td>{week.lost}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  )
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

// Opens the phone's map app on the address or ZIP code (Google Maps' universal link: app or browser).
function MapLink({ place }: { place: string }) {
  return (
    <a
      href={`https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(place)}`}
      target="_blank"
      rel="noopener noreferrer"
    >
      {place}
    </a>
  )
}

// The van's day on a phone: today's visits and the next days', each with the customer to call.
function UpcomingVisits({
  visits,
  timeZone,
  filters,
}: {
  visits: (Visit & { confirmed: boolean })[] | null
  timeZone: string
  filters: LeadFilters
}) {
  if (!visits) return <LoadFailed message="Failed to fetch upcoming visits" />
  return (
    <section className="cbo-stack" aria-labelledby="cbo-upcoming-title">
      <h2 id="cbo-upcoming-title">Upcoming visits</h2>
      {visits.length === 0 ? <p className="cbo-meta">No visits booked.</p> : null}
      <ul className="cbo-visits" aria-label="Upcoming visits" data-testid="upcoming-visits">
        {visits.map((visit) => {
          const lead = typeof visit.lead === 'object' ? visit.lead : null
          const place = lead?.address || lead?.zip
          return (
            <li key={visit.id} data-testid="upcoming-visit">
              <strong>
                <time dateTime={visit.start}>{formatBusinessDate(visit.start, timeZone)}</time>
              </strong>{' '}
              {lead ? (
                <>
                  <a href={leadsHref(filters, lead.id)}>
                    {lead.firstName} {lead.lastName}
                  </a>
                  <span className="cbo-meta">
                    {' · '}
                    <a href={`tel:${lead.phone}`}>{lead.phone}</a>
                    {place ? (
                      <>
                        {' '}
                        · <MapLink place={place} />
                      </>
                    ) : null}
                    {lead.quoteTotal != null
                      ? ` · Quote ${formatPrice(Math.round(lead.quoteTotal * 100))}`
                      : null}
                  </span>
                </>
              ) : null}
              {visit.confirmed ? (
                <span className="cbo-meta" data-testid="upcoming-visit-confirmed">
                  {' · '}
                  {VISIT_CONFIRMED_LABEL}
                </span>
              ) : null}
            </li>
          )
        })}
      </ul>
    </section>
  )
}

// A partner enquiry's dealership and the cars a month it named.
function partnerVolume(lead: Pick<Lead, 'dealershipName' | 'carsPerMonth'>): string {
  return `${lead.dealershipName ?? 'Dealership'} · ${lead.carsPerMonth ?? '?'} cars a month`
}
