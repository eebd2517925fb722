import { buttonVariants } from '@/components/ui/button'
import { formatBusinessDate } from '@/lib/business-time'
import { cn } from '@/lib/utils'
import {
  VISIT_BOOKED_BY_REACH,
  VISIT_LINK_ENDPOINTS,
  VISIT_OUTCOME_MESSAGES,
  type VisitOutcome,
} from '@/lib/visit-messages'
import { type Slot, slotDayLabel, slotDays, slotTimeLabel } from '@/lib/visit-slots'
import type { Visit } from '@/payload-types'

import { VisitAddressField } from './visit-address-field'

// The query that opens the cancel confirmation (a GET: no script needed to ask first).
export const CONFIRM_CANCEL_PARAM = { name: 'cancel', value: 'visit' } as const

// After accepting, the customer picks the van's visit from the open slots, or moves or cancels
// the one booked. Plain forms: they work before any script, and the page answers with fresh slots.
// The same forms serve a visit's own page (/visit/<token>) for a visit booked without a quote.
export function VisitBooking({
  token,
  page = 'quote',
  titleAs: Title = 'h2',
  visit,
  slots,
  outcome,
  timeZone,
  address,
  reach = 'email',
  confirmCancel = false,
}: {
  token: string
  // The page the token opens, which the forms come back to.
  page?: 'quote' | 'visit'
  titleAs?: 'h1' | 'h2'
  visit: Visit | null
  slots: Slot[]
  outcome: VisitOutcome | null
  timeZone: string
  address: string | null
  // How the booking's details reached the customer, for what its message says.
  reach?: keyof typeof VISIT_BOOKED_BY_REACH
  confirmCancel?: boolean
}) {
  const quotePath = `/${page}/${token}`
  const asking = Boolean(visit && confirmCancel)
  return (
    <section aria-labelledby="visit-title" className="mt-10 grid gap-6" data-testid="visit-booking">
      <Title id="visit-title" className={cn('font-bold', Title === 'h1' ? 'text-3xl' : 'text-2xl')}>
        {visit ? 'Your visit' : 'Pick a time for the visit'}
      </Title>
      {outcome ? (
        <p role="alert" className="bg-mist rounded-xl p-4 font-semibold" data-testid="visit-outcome">
          {outcome === 'booked' ? VISIT_BOOKED_BY_REACH[reach] : VISIT_OUTCOME_MESSAGES[outcome]}
        </p>
      ) : null}
      {visit ? (
        <div className="grid gap-3">
          <p className="text-lg" data-testid="visit-time">
            {formatBusinessDate(visit.start, timeZone)} to {slotTimeLabel(visit.end, timeZone)}
          </p>
          {asking ? (
            <CancelConfirmation token={token} visit={visit} timeZone={timeZone} quotePath={quotePath} />
          ) : (
            <a
              href={`${quotePath}?${CONFIRM_CANCEL_PARAM.name}=${CONFIRM_CANCEL_PARAM.value}#cancel-visit`}
              className={cn(buttonVariants({ variant: 'outline', size: 'lg' }), 'justify-self-start')}
            >
              Cancel my visit
            </a>
          )}
        </div>
      ) : null}
      {asking ? null : slots.length ? (
        // One form and one choice of time; each day has its own button beside its times, so on
        // a phone the button is never a long scroll away from the time picked.
        <form method="post" action={`/api${VISIT_LINK_ENDPOINTS.book}`} className="grid gap-8">
          <input type="hidden" name="token" value={token} />
          <VisitAddressField address={address} />
          {slotDays(slots, timeZone).map((day) => (
            <fieldset key={day.key} className="grid gap-3" data-testid="visit-day">
              <legend className="mb-2 font-semibold">{day.label}</legend>
              <div className="grid grid-cols-2 gap-2 sm:grid-cols-3">
                {day.slots.map((slot) => (
                  <label
                    key={slot.start}
                    className="border-ink/20 has-[:checked]:border-gold-dark flex min-h-11 items-center gap-2 rounded-lg border px-3"
                  >
                    <input type="radio" name="start" value={slot.start} required />
                    {slotTimeLabel(slot.start, timeZone)}
                  </label>
                ))}
              </div>
              <button
                type="submit"
                className={cn(buttonVariants({ variant: 'premium', size: 'lg' }), 'w-full')}
              >
                {visit ? 'Move my visit to this time' : 'Book this time'}
              </button>
            </fieldset>
          ))}
        </form>
      ) : (
        <p>No times are open right now. Please call us to arrange the visit.</p>
      )}
    </section>
  )
}

// The step between "Cancel my visit" and the cancellation: a page of its own, so it asks
// before it cancels with or without scripts.
function CancelConfirmation({
  token,
  visit,
  timeZone,
  quotePath,
}: {
  token: string
  visit: Visit
  timeZone: string
  quotePath: string
}) {
  return (
    <div
      id="cancel-visit"
      role="group"
      aria-labelledby="cancel-visit-question"
      className="border-ink/15 grid gap-4 rounded-xl border p-4"
      data-testid="cancel-visit"
    >
      <h3 id="cancel-visit-question" className="text-lg font-semibold">
        Cancel your visit on {slotDayLabel(visit.start, timeZone)} at {slotTimeLabel(visit.start, timeZone)}?
      </h3>
      <div className="flex flex-wrap gap-3">
        <form method="post" action={`/api${VISIT_LINK_ENDPOINTS.cancel}`}>
          <input type="hidden" name="token" value={token} />
          <button type="submit" className={cn(buttonVariants({ variant: 'destructive', size: 'lg' }))}>
            Yes, cancel my visit
          </button>
        </form>
        <a href={quotePath} className={cn(buttonVariants({ variant: 'outline', size: 'lg' }))}>
          Keep my visit
        </a>
      </div>
    </div>
  )
}
