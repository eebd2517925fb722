'use client'

import { useRouter } from 'next/navigation'
import { useState, type FormEvent } from 'react'

type Problem = { message: string; line?: number }

// A lot sweep pasted from a spreadsheet: nothing is imported unless every line is right.
export function ImportList() {
  const [problems, setProblems] = useState<Problem[]>([])
  const [busy, setBusy] = useState(false)
  const router = useRouter()

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const form = new FormData(event.currentTarget)
    setBusy(true)
    setProblems([])
    const res = await fetch('/api/work-orders/import', {
      method: 'POST',
      credentials: 'include',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(Object.fromEntries(form.entries())),
    }).catch(() => null)
    const body = (await res?.json().catch(() => null)) as { id?: number; errors?: Problem[] } | null
    if (res?.ok && body?.id) {
      router.push(`/partners/work-orders/${body.id}`)
      return
    }
    setProblems(body?.errors ?? [{ message: 'The list could not be sent. Please try again.' }])
    setBusy(false)
  }

  const input = 'border-ink/20 mt-1 block w-full rounded-md border bg-white px-3 py-2 text-base'
  return (
    <form onSubmit={onSubmit} className="space-y-3">
      <div className="grid grid-cols-2 gap-3">
        <label className="text-sm font-medium">
          PO number
          <input className={input} name="poNumber" maxLength={60} />
        </label>
        <label className="text-sm font-medium">
          RO number
          <input className={input} name="roNumber" maxLength={60} />
        </label>
      </div>
      <label className="block text-sm font-medium">
        Cars, one a line: stock, VIN, wheels (LF RF LR RR spare, or all; LF:restoration for a wheel’s own
        service), service, RO
        <textarea
          className={`${input} font-mono text-sm`}
          name="list"
          rows={8}
          required
          placeholder={
            'A101,1HGCM82633A004352,LF RF,rim rash,RO-5521\nA102,JH4KA7561PC008269,LF:restoration RF:rash'
          }
        />
      </label>
      {problems.length ? (
        <div role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-800">
          <p className="font-semibold">Nothing was imported. Fix these lines and send the list again:</p>
          <ul className="mt-1 list-disc pl-5">
            {problems.map((p) => (
              <li key={`${p.line}-${p.message}`}>{p.message}</li>
            ))}
          </ul>
        </div>
      ) : null}
      <button
        type="submit"
        disabled={busy}
        className="bg-ink w-full rounded-md px-4 py-3 font-semibold text-white"
      >
        {busy ? 'Importing…' : 'Import the list'}
      </button>
    </form>
  )
}
