'use client'

import Link from 'next/link'
import { useEffect, useRef, useState } from 'react'

import { Button } from '@/components/ui/button'

type State = { kind: 'working' } | { kind: 'done' } | { kind: 'failed'; message: string }

export function VerifyEmail({ token }: { token: string }) {
  const [state, setState] = useState<State>({ kind: 'working' })
  const started = useRef(false)

  useEffect(() => {
    if (started.current) return
    started.current = true
    fetch(`/api/users/verify/${encodeURIComponent(token)}`, { method: 'POST', credentials: 'include' })
      .then(async (response) => {
        if (response.ok) return setState({ kind: 'done' })
        const body = (await response.json().catch(() => ({}))) as { errors?: { message?: string }[] }
        setState({
          kind: 'failed',
          message: body.errors?.[0]?.message || 'This confirmation link is not valid.',
        })
      })
      .catch(() => setState({ kind: 'failed', message: 'This confirmation link is not valid.' }))
  }, [token])

  return (
    <div className="w-full max-w-sm rounded-xl bg-white p-6 text-center shadow-xl sm:p-8">
      <h1 className="text-ink mb-4 text-2xl font-bold">Confirm your e-mail</h1>
      {state.kind === 'working' ? <p role="status">Confirming your e-mail…</p> : null}
      {state.kind === 'done' ? (
        <>
          <p role="status" className="mb-6">
            Your e-mail is confirmed. Sign in to continue; an admin approves new accounts before they can see
            business data.
          </p>
          <Button asChild variant="premium" size="lg" className="w-full">
            <Link href="/admin">Continue to the back office</Link>
          </Button>
        </>
      ) : null}
      {state.kind === 'failed' ? (
        <>
          <p role="alert" className="mb-6 text-red-700">
            {state.message}
          </p>
          <Button asChild variant="outline" size="lg" className="w-full">
            <Link href="/login">Go to login</Link>
          </Button>
        </>
      ) : null}
    </div>
  )
}
