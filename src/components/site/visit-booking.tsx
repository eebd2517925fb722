import { buttonVariants } from '@/components/ui/button'
import { formatBusinessDate, wallTime } from '@/lib/business-time'
import { cn } from '@/lib/utils'
import { VISIT_LINK_ENDPOINTS, VISIT_OUTCOME_MESSAGES, type VisitOutcome } from '@/lib/visit-messages'
import type { Slot } from '@/lib/visit-slots'
import type { Visit } from '@/payload-types'

import { VisitAddressField } from './visit-address-field'

const timeOf = (iso: string, timeZone: string) =>
  new Intl.DateTimeFormat('en-US', { timeZone, hour: 'numeric', minute: '2-digit' }).format(new Date(iso))

const dayOf = (iso: string, timeZone: string) =>
  new Intl.DateTimeFormat('en-US', { timeZone, weekday: 'long', month: 'long', day: 'numeric' }).format(
    new Date(iso),
  )

function byDay(slots: Slot[], timeZone: string): [string, Slot[]][] {
  const days = new Map<string, Slot[]>()
  for (const slot of slots) {
    const w = wallTime(new Date(slot.start), timeZone)
    const key = `${w.year}-${w.month}-${w.day}`
    days.set(key, [...(days.get(key) ?? []), slot])
  }
  return [...days.values()].map((day) => [dayOf(day[0].start, timeZone), day])
}

// After accepting, the customer picks the van's visit from the open slots, or moves or cancels
// the one booked. Plain forms: they work before any script, and the page answers with fresh slots.
export function VisitBooking({
  token,
  visit,
  slots,
  outcome,
  timeZone,
  address,
}: {
  token: string
  visit: Visit | null
  slots: Slot[]
  outcome: VisitOutcome | null
  timeZone: string
  address: string | null
}) {
  return (
    <section aria-labelledby="visit-title" className="mt-10 grid gap-6" data-testid="visit-booking">
      <h2 id="visit-title" className="text-2xl font-bold">
        {visit ? 'Your visit' : 'Pick a time for the visit'}
      </h2>
      {outcome ? (
        <p role="alert" className="bg-mist rounded-xl p-4 font-semibold" data-testid="visit-outcome">
          {VISIT_OUTCOME_MESSAGES[outcome]}
        </p>
      ) : null}
      {visit ? (
        <div className="grid gap-3">
          <p className="text-lg" data-testid="visit-time">
            {formatBusinessDate(visit.start, timeZone)} to {timeOf(visit.end, timeZone)}
          </p>
          <form method="post" action={`/api${VISIT_LINK_ENDPOINTS.cancel}`}>
            <input type="hidden" name="token" value={token} />
            <button type="submit" className={cn(buttonVariants({ variant: 'outline', size: 'lg' }))}>
              Cancel my visit
            </button>
          </form>
        </div>
      ) : null}
      {slots.length ? (
        <form method="post" action={`/api${VISIT_LINK_ENDPOINTS.book}`} className="grid gap-6">
          <input type="hidden" name="token" value={token} />
          <VisitAddressField address={address} />
          {byDay(slots, timeZone).map(([day, daySlots]) => (
            <fieldset key={day} className="grid gap-2">
              <legend className="mb-2 font-semibold">{day}</legend>
              <div className="grid grid-cols-2 gap-2 sm:grid-cols-3">
                {daySlots.map((slot) => (
                  <label
                    key={slot.start}
                    className="border-ink/20 has-[:checked]:border-gold-dark flex min-h-11 items-center gap-2 rounded-lg border px-3"
                  >
                    <input type="radio" name="start" value={slot.start} required />
                    {timeOf(slot.start, timeZone)}
                  </label>
                ))}
              </div>
            </fieldset>
          ))}
          <button type="submit" className={cn(buttonVariants({ variant: 'premium', size: 'lg' }), 'w-full')}>
            {visit ? 'Move my visit to this time' : 'Book this time'}
          </button>
        </form>
      ) : (
        <p>No times are open right now. Please call us to arrange the visit.</p>
      )}
    </section>
  )
}
