import {
  CAR_FIELDS,
  CAR_FORM_DONE,
  CAR_FORM_ERRORS,
  type CarFormOutcome,
  carFormPath,
  wheelField,
} from '@/lib/car-forms'
import { WHEEL_POSITIONS, WHEEL_SERVICES } from '@/lib/dealer-prices'
import { workStarted } from '@/lib/work-order-status'
import type { WorkOrder } from '@/payload-types'

type Car = NonNullable<WorkOrder['vehicles']>[number]

const input = 'border-ink/20 mt-1 block w-full rounded-md border bg-white px-3 py-2 text-base'

/** What the last form did: saved or cancelled (at the top), or why it was refused (by its car). */
export function CarNotice({ outcome }: { outcome: CarFormOutcome | null }) {
  if (!outcome) return null
  if (outcome.kind === 'done') {
    return (
      <p role="status" className="mt-3 rounded-md bg-green-50 p-3 text-sm text-green-900">
        {CAR_FORM_DONE[outcome.done]}
      </p>
    )
  }
  return (
    <p role="alert" className="mt-3 rounded-md bg-red-50 p-3 text-sm text-red-800">
      {CAR_FORM_ERRORS[outcome.error]}
    </p>
  )
}

// A car's change and cancel, as plain forms: they post before any script has loaded. Once work
// on the car has started, the shop's, and the forms give way to a line that says so.
export function CarForms({ order, car, open }: { order: number; car: Car; open: boolean }) {
  if (!car.id) return null
  if (workStarted(car.status)) {
    return <p className="text-ink/60 mt-3 text-sm">{CAR_FORM_ERRORS['car-started']}</p>
  }
  const action = (kind: 'edit' | 'cancel') => `/api${carFormPath(order, car.id!, kind)}`
  return (
    <details className="border-ink/10 mt-3 rounded-md border p-3" open={open}>
      <summary className="cursor-pointer text-sm font-semibold">Change or cancel this car</summary>
      <form method="post" action={action('edit')} className="mt-3 space-y-3">
        <div className="grid grid-cols-2 gap-3">
          <label className="text-sm font-medium">
            Stock number
            <input
              className={input}
              name={CAR_FIELDS.stockNumber}
              defaultValue={car.stockNumber}
              required
              maxLength={40}
            />
          </label>
          <label className="text-sm font-medium">
            RO number
            <input
              className={input}
              name={CAR_FIELDS.roNumber}
              defaultValue={car.roNumber ?? ''}
              maxLength={60}
            />
          </label>
          <label className="col-span-2 text-sm font-medium">
            VIN
            <input
              className={`${input} font-mono uppercase`}
              name={CAR_FIELDS.vin}
              defaultValue={car.vin}
              required
              maxLength={20}
              autoCapitalize="characters"
            />
          </label>
        </div>
        <fieldset className="min-w-0 space-y-2">
          <legend className="text-sm font-medium">Wheels to fix</legend>
          {WHEEL_POSITIONS.map((position) => (
            <label key={position.value} className="block text-sm">
              {position.label} ({position.value})
              <select
                className={input}
                name={wheelField(position.value)}
                defaultValue={car.wheels?.find((w) => w.position === position.value)?.service ?? ''}
              >
                <option value="">Not to fix</option>
                {WHEEL_SERVICES.map((s) => (
                  <option key={s.key} value={s.key}>
                    {s.title}
                  </option>
                ))}
              </select>
            </label>
          ))}
        </fieldset>
        <button type="submit" className="bg-ink w-full rounded-md px-4 py-3 font-semibold text-white">
          Save car {car.stockNumber}
        </button>
      </form>
      <form method="post" action={action('cancel')} className="mt-3">
        <button
          type="submit"
          className="w-full rounded-md border border-red-700 bg-white px-4 py-3 font-semibold text-red-700"
        >
          Cancel car {car.stockNumber}
        </button>
      </form>
    </details>
  )
}
