'use client'

import { useRouter } from 'next/navigation'
import { useState, type FormEvent } from 'react'

import { WHEEL_POSITIONS, WHEEL_SERVICES, type WheelPosition, type WheelService } from '@/lib/dealer-prices'
import { MAX_PHOTO_BYTES } from '@/lib/request-constants'
import { checkVin } from '@/lib/vin'

type WheelDraft = { on: boolean; service: WheelService; files: File[] }
type CarDraft = { key: number; vinProblem: string | null; wheels: Record<WheelPosition, WheelDraft> }

const MAX_PHOTOS_PER_WHEEL = 10
// A car's key names its inputs: from the cars on the form, never a counter of the module's,
// which the server and the browser would count differently (a hydration mismatch).
const newCar = (cars: CarDraft[] = []): CarDraft => ({
  key: Math.max(0, ...cars.map((c) => c.key)) + 1,
  vinProblem: null,
  wheels: Object.fromEntries(
    WHEEL_POSITIONS.map((p) => [p.value, { on: false, service: 'rim_rash', files: [] }]),
  ) as unknown as Record<WheelPosition, WheelDraft>,
})

const input = 'border-ink/20 mt-1 block w-full rounded-md border bg-white px-3 py-2 text-base'

async function errorOf(res: Response): Promise<string> {
  const body = (await res.json().catch(() => null)) as {
    errors?: { message?: string; data?: { errors?: { path?: string; message?: string }[] } }[]
  } | null
  const first = body?.errors?.[0]
  const field = first?.data?.errors?.[0]
  if (field?.message) {
    const car = /^vehicles\.(\d+)\./.exec(field.path ?? '')
    return car ? `Car ${Number(car[1]) + 1}: ${field.message}` : field.message
  }
  return first?.message ?? 'The work order could not be sent. Please try again.'
}

// A work order from a phone: one card per car, the wheels to fix ticked, photos taken on the spot.
// The photos go first (each cleaned by the server), then the work order naming them.
export function NewWorkOrderForm() {
  const [cars, setCars] = useState<CarDraft[]>(() => [newCar()])
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const router = useRouter()

  const update = (key: number, change: (car: CarDraft) => CarDraft) =>
    setCars((all) => all.map((car) => (car.key === key ? change(car) : car)))
  const setWheel = (key: number, position: WheelPosition, change: Partial<WheelDraft>) =>
    update(key, (car) => ({
      ...car,
      wheels: { ...car.wheels, [position]: { ...car.wheels[position], ...change } },
    }))

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    setError(null)
    const form = new FormData(event.currentTarget)
    const field = (name: string) => String(form.get(name) ?? '').trim()
    const vehicles = []
    for (const [i, car] of cars.entries()) {
      const vin = checkVin(field(`vin-${car.key}`))
      if (!vin.ok) return setError(`Car ${i + 1}: ${vin.message}`)
      const wheels = WHEEL_POSITIONS.filter((p) => car.wheels[p.value].on)
      if (wheels.length === 0) return setError(`Car ${i + 1}: tick the wheels to fix.`)
      vehicles.push({ car, vin: vin.vin, wheels })
    }
    setBusy(true)
    try {
      const payloadVehicles = []
      for (const { car, vin, wheels } of vehicles) {
        const wheelRows = []
        for (const position of wheels) {
          const draft = car.wheels[position.value]
          const beforePhotos: number[] = []
          for (const file of draft.files) {
            const upload = new FormData()
            upload.append('file', file)
            upload.append('_payload', '{}')
            const res = await fetch('/api/work-order-photos', {
              method: 'POST',
              body: upload,
              credentials: 'include',
            })
            if (!res.ok) throw new Error(await errorOf(res))
            beforePhotos.push(((await res.json()) as { doc: { id: number } }).doc.id)
          }
          wheelRows.push({ position: position.value, service: draft.service, beforePhotos })
        }
        const year = Number(field(`year-${car.key}`))
        payloadVehicles.push({
          stockNumber: field(`stock-${car.key}`),
          vin,
          roNumber: field(`ro-${car.key}`) || undefined,
          ...(year ? { year } : {}),
          make: field(`make-${car.key}`) || undefined,
          model: field(`model-${car.key}`) || undefined,
          colour: field(`colour-${car.key}`) || undefined,
          lotLocation: field(`lot-${car.key}`) || undefined,
          wheels: wheelRows,
        })
      }
      const res = await fetch('/api/work-orders?depth=0', {
        method: 'POST',
        credentials: 'include',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({
          poNumber: field('poNumber') || undefined,
          roNumber: field('roNumber') || undefined,
          dueDate: field('dueDate') || undefined,
          notes: field('notes') || undefined,
          vehicles: payloadVehicles,
        }),
      })
      if (!res.ok) throw new Error(await errorOf(res))
      const { doc } = (await res.json()) as { doc: { id: number } }
      router.push(`/partners/work-orders/${doc.id}`)
    } catch (err) {
      setError(err instanceof Error ? err.message : 'The work order could not be sent. Please try again.')
      setBusy(false)
    }
  }

  return (
    <form onSubmit={onSubmit} className="space-y-5" noValidate>
      <div className="grid grid-cols-2 gap-3">
        <label className="text-sm font-medium">
          PO number
          <input className={input} name="poNumber" maxLength={60} />
        </label>
        <label className="text-sm font-medium">
          RO number
          <input className={input} name="roNumber" maxLength={60} />
        </label>
        <label className="col-span-2 text-sm font-medium">
          Due date
          <input className={input} type="date" name="dueDate" />
        </label>
      </div>
      {cars.map((car, i) => (
        <fieldset key={car.key} className="min-w-0 rounded-lg bg-white p-4 shadow-sm" data-testid="car">
          <legend className="px-1 font-semibold">Car {i + 1}</legend>
          <div className="grid grid-cols-2 gap-3">
            <label className="text-sm font-medium">
              Stock number
              <input className={input} name={`stock-${car.key}`} required maxLength={40} />
            </label>
            <label className="text-sm font-medium">
              Year
              <input className={input} name={`year-${car.key}`} inputMode="numeric" maxLength={4} />
            </label>
            <label className="col-span-2 text-sm font-medium">
              VIN
              <input
                className={`${input} font-mono uppercase`}
                name={`vin-${car.key}`}
                required
                maxLength={20}
                autoCapitalize="characters"
                aria-invalid={car.vinProblem ? true : undefined}
                // A corrected VIN clears its message while typing: cleared on blur instead, the
                // page would shift under the very tap that left the field, and the tap would miss.
                onChange={(e) => {
                  if (car.vinProblem && checkVin(e.currentTarget.value).ok)
                    update(car.key, (c) => ({ ...c, vinProblem: null }))
                }}
                onBlur={(e) => {
                  const problem = e.currentTarget.value.trim() ? checkVin(e.currentTarget.value) : null
                  update(car.key, (c) => ({
                    ...c,
                    vinProblem: problem && !problem.ok ? problem.message : null,
                  }))
                }}
              />
              {car.vinProblem ? (
                <span role="alert" className="mt-1 block text-sm text-red-700">
                  {car.vinProblem}
                </span>
              ) : null}
            </label>
            <label className="col-span-2 text-sm font-medium">
              RO number for this car
              <input className={input} name={`ro-${car.key}`} maxLength={60} />
            </label>
            <label className="text-sm font-medium">
              Make
              <input className={input} name={`make-${car.key}`} maxLength={60} />
            </label>
            <label className="text-sm font-medium">
              Model
              <input className={input} name={`model-${car.key}`} maxLength={60} />
            </label>
            <label className="text-sm font-medium">
              Colour
              <input className={input} name={`colour-${car.key}`} maxLength={40} />
            </label>
            <label className="text-sm font-medium">
              Where on the lot
              <input className={input} name={`lot-${car.key}`} maxLength={100} />
            </label>
          </div>
          <p className="mt-4 text-sm font-medium">Wheels to fix</p>
          <div className="mt-2 space-y-2">
            {WHEEL_POSITIONS.map((position) => {
              const wheel = car.wheels[position.value]
              return (
                <div key={position.value} className="border-ink/10 rounded-md border p-2">
                  <label className="flex items-center gap-2 text-sm">
                    <input
                      type="checkbox"
                      className="size-5"
                      checked={wheel.on}
                      onChange={(e) => setWheel(car.key, position.value, { on: e.currentTarget.checked })}
                    />
                    {position.label} ({position.value})
                  </label>
                  {wheel.on ? (
                    <div className="mt-2 grid gap-2">
                      <select
                        aria-label={`Service, ${position.label}`}
                        className={input}
                        value={wheel.service}
                        onChange={(e) =>
                          setWheel(car.key, position.value, {
                            service: e.currentTarget.value as WheelService,
                          })
                        }
                      >
                        {WHEEL_SERVICES.map((s) => (
                          <option key={s.key} value={s.key}>
                            {s.title}
                          </option>
                        ))}
                      </select>
                      <input
                        type="file"
                        accept="image/*"
                        multiple
                        className="w-full min-w-0 text-sm"
                        aria-label={`Photos, ${position.label}`}
                        onChange={(e) => {
                          const files = [...(e.currentTarget.files ?? [])]
                          if (
                            files.length > MAX_PHOTOS_PER_WHEEL ||
                            files.some((f) => f.size > MAX_PHOTO_BYTES)
                          ) {
                            setError(`At most ${MAX_PHOTOS_PER_WHEEL} photos of up to 15 MB each per wheel.`)
                            e.currentTarget.value = ''
                            return
                          }
                          setWheel(car.key, position.value, { files })
                        }}
                      />
                    </div>
                  ) : null}
                </div>
              )
            })}
          </div>
          {cars.length > 1 ? (
            <button
              type="button"
              className="mt-3 text-sm text-red-700 underline"
              onClick={() => setCars((all) => all.filter((c) => c.key !== car.key))}
            >
              Remove car {i + 1}
            </button>
          ) : null}
        </fieldset>
      ))}
      <button
        type="button"
        className="border-ink/30 w-full rounded-md border bg-white px-4 py-3 font-semibold"
        onClick={() => setCars((all) => [...all, newCar(all)])}
      >
        Add another car
      </button>
      <label className="block text-sm font-medium">
        Notes
        <textarea className={input} name="notes" rows={3} maxLength={2000} />
      </label>
      {error ? (
        <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-800">
          {error}
        </p>
      ) : null}
      <button
        type="submit"
        disabled={busy}
        className="bg-ink w-full rounded-md px-4 py-3 font-semibold text-white"
      >
        {busy ? 'Sending…' : 'Send work order'}
      </button>
    </form>
  )
}
