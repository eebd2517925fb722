import type { Lead, Visit } from '@/payload-types'
import { formatBusinessDate } from '@/lib/business-time'
import { offeredService } from '@/lib/home-content'
import { LOST_REASON_LABELS } from '@/lib/lead-events'
import { QUOTE_STATUS_LABELS } from '@/lib/quote-status'
import { leadFilters, leadsHref } from '@/lib/lead-query'
import { outcomeOf } from '@/lib/lead-forms'
import { PARTNER_CHANNEL, TEXT_CHANNEL, promoLabel, sourceLabel } from '@/lib/lead-source'
import { VISIT_CONFIRMED_LABEL } from '@/lib/visit-status'
import { leadAdminPath } from '@/lib/server-url'
import type { Reader, WeekCount } from '@/data/back-office'
import { countUnread } from '@/data/inbox'
import {
  leadsPerWeek,
  promotionChoices,
  readJobFacts,
  readLeads,
  readMoneyAtAGlance,
  readOpenWorkOrders,
  readUpcomingVisits,
} from '@/data/back-office'

import { MoneyPanel } from './money-panel'
import { readDealershipBalances } from '@/data/receivables'
import { LeadFiltersForm } from './lead-filters.client'
import { LeadStatusButton } from './lead-status-button'
import { LeadFormNotice } from './lead-form-answers'
import { LeadStatusLine } from './lead-status'
import { EmailLink, MapLink, partnerVolume, photosOf } from './lead-facts'
import { LoadFailed } from './load-failed'
import { OpenWorkOrders } from './open-work-orders'
import { InboxLink } from './inbox'
import { formatMoney } from '@/lib/money'

type SearchParams = Record<string, string | string[] | undefined> | undefined

export async function LeadsTab(props: { reader: Reader; timeZone: string; searchParams: SearchParams }) {
  const { reader, timeZone } = props
  const filters = leadFilters(props.searchParams)
  const outcome = outcomeOf(props.searchParams)
  const leadsRead = readLeads(reader, filters).catch((error: unknown) => {
    reader.payload.logger.error({ err: error, msg: 'back office: leads could not be read' })
    return null
  })
  // Beside the other reads: the facts need only the page's leads.
  const factsRead = leadsRead.then((page) =>
    page
      ? readJobFacts(reader, page.docs, timeZone).catch((error: unknown) => {
          reader.payload.logger.error({ err: error, msg: 'back office: job facts could not be read' })
          return null
        })
      : null,
  )
  const [page, facts, weeks, promotions, visits, schedule, money, unread, dealers] = await Promise.all([
    leadsRead,
    factsRead,
    leadsPerWeek(reader, timeZone).catch(() => null),
    promotionChoices(reader).catch(() => []),
    readUpcomingVisits(reader, timeZone).catch(() => null),
    readOpenWorkOrders(reader, timeZone).catch(() => null),
    readMoneyAtAGlance(reader, timeZone).catch((error: unknown) => {
      reader.payload.logger.error({ err: error, msg: 'back office: money figures could not be read' })
      return null
    }),
    // Without it the tab still shows, with the way to the inbox.
    countUnread(reader).catch(() => null),
    readDealershipBalances(reader, timeZone).catch((error: unknown) => {
      reader.payload.logger.error({ err: error, msg: 'back office: dealership balances could not be read' })
      return null
    }),
  ])
  const sources = [...new Set((weeks ?? []).flatMap((w) => Object.keys(w.bySource)))].sort()
  return (
    <div className="cbo-stack">
      <LeadFormNotice outcome={outcome} />
      <InboxLink unread={unread} />
      <MoneyPanel money={money} dealers={dealers} timeZone={timeZone} />
      {/* One day's schedule for the van: retail visits and dealerships' work orders side by side. */}
      <div className="cbo-day">
        <UpcomingVisits visits={visits} timeZone={timeZone} />
        <OpenWorkOrders open={schedule} />
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
                <a href={leadAdminPath(lead.id)}>
                  {lead.firstName} {lead.lastName}
                </a>
              </h3>
              <LeadStatusLine
                status={lead.status}
                lost={Boolean(lead.lostReason)}
                facts={facts?.get(lead.id)}
              />
            </div>
            <p className="cbo-meta">
              <a href={`tel:${lead.phone}`}>{lead.phone}</a> · <EmailLink email={lead.email} />
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
            <LeadPhotos lead={lead} />
            {lead.lostReason ? null : (
              <div className="cbo-inline">
                <LeadStatusButton id={lead.id} status={lead.status} back={`/admin${leadsHref(filters)}`} />
              </div>
            )}
          </li>
        ))}
      </ul>
      {page && page.totalPages > 1 ? (
        // Plain links: a tap turns the page before any script has loaded, and each has a name.
        <nav className="cbo-pager" aria-label="Lead pages">
          {page.hasPrevPage ? (
            <a
              className="cbo-button cbo-button--secondary"
              href={leadsHref({ ...filters, page: page.page! - 1 })}
            >
              Previous page
            </a>
          ) : null}
          <span>
            Page {page.page} of {page.totalPages} ({page.totalDocs} leads)
          </span>
          {page.hasNextPage ? (
            <a
              className="cbo-button cbo-button--secondary"
              href={leadsHref({ ...filters, page: page.page! + 1 })}
            >
              Next page
            </a>
          ) : null}
        </nav>
      ) : null}
    </div>
  )
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

// The van's day on a phone: today's visits and the next days', each with the customer to call.
function UpcomingVisits({
  visits,
  timeZone,
}: {
  visits: (Visit & { confirmed: boolean })[] | null
  timeZone: string
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
                  <a href={leadAdminPath(lead.id)}>
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
                      ? ` · Quote ${formatMoney(Math.round(lead.quoteTotal * 100), 'price')}`
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

// How many photos came with the request, and each one small: a tap opens the job.
function LeadPhotos({ lead }: { lead: Lead }) {
  const photos = photosOf(lead)
  if (!photos.length) return null
  return (
    <>
      <p className="cbo-meta" data-testid="lead-photo-count">
        {photos.length === 1 ? '1 photo' : `${photos.length} photos`}
      </p>
      <div className="cbo-photos">
        {photos.map((photo) => (
          <a key={photo.id} href={leadAdminPath(lead.id)}>
            {/* eslint-disable-next-line @next/next/no-img-element -- private, access-checked files */}
            <img src={photo.sizes?.thumbnail?.url ?? photo.url ?? ''} alt="Customer photo" />
          </a>
        ))}
      </div>
    </>
  )
}
