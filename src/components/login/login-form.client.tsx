'use client'

import Link from 'next/link'
import { useEffect, useRef, useState } from 'react'
import type { FormEvent } from 'react'
import { toast } from 'sonner'

import { Button } from '@/components/ui/button'
import { PARTNER_HOME } from '@/lib/safe-redirect'
import { SETUP_TOKEN_HEADER } from '@/lib/setup-header'

type Mode = 'login' | 'signup'

type Props = {
  redirectTo: string
  googleEnabled: boolean
  initialMode?: Mode
  initialError?: string
  initialNotice?: string
  setupToken?: string
}

// Without its script the form posts here (never GET: credentials stay out of every URL).
const NO_SCRIPT_ACTION = '/login/session'

async function serverMessage(response: Response, fallback: string): Promise<string> {
  try {
    const body = (await response.json()) as {
      errors?: { message?: string; data?: { errors?: { message?: string }[] } }[]
      message?: string
    }
    // A field's own message says more than the summary.
    const first = body.errors?.[0]
    return first?.data?.errors?.[0]?.message || first?.message || body.message || fallback
  } catch {
    return fallback
  }
}

export function LoginForm({
  redirectTo,
  googleEnabled,
  initialMode = 'login',
  initialError,
  initialNotice,
  setupToken,
}: Props) {
  const [mode, setMode] = useState<Mode>(initialMode)
  const [busy, setBusy] = useState(false)
  const passwordInput = useRef<HTMLInputElement>(null)
  const shownError = useRef(false)

  // A no-script sign-in failure or a failed Google sign-in comes back here.
  useEffect(() => {
    if ((initialError || initialNotice) && !shownError.current) {
      shownError.current = true
      if (initialError) toast.error('Error', { description: initialError })
      else if (initialNotice) toast.success(initialNotice)
      window.history.replaceState(null, '', window.location.pathname)
    }
  }, [initialError, initialNotice])

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    // Read from the form: whatever was typed before the script loaded counts too.
    const fields = new FormData(event.currentTarget)
    const email = String(fields.get('email') ?? '')
    const password = String(fields.get('password') ?? '')
    setBusy(true)
    try {
      if (mode === 'login') {
        const response = await fetch('/api/users/login', {
          method: 'POST',
          credentials: 'include',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ email, password }),
        })
        if (!response.ok) {
          toast.error('Error', { description: await serverMessage(response, 'Login failed') })
          setBusy(false)
          return
        }
        const signedIn = (await response.json().catch(() => null)) as { user?: { role?: string } } | null
        toast.success('Logged in successfully')
        // Time to read the notice: /admin is a different app shell, so it cannot carry over.
        await new Promise((resolve) => setTimeout(resolve, 800))
        window.location.assign(signedIn?.user?.role === 'partner' ? PARTNER_HOME : redirectTo)
        return
      }
      // The first account of a fresh site comes from the setup link in the server's log.
      const setup = setupToken
      const response = await fetch('/api/users', {
        method: 'POST',
        credentials: 'include',
        headers: { 'Content-Type': 'application/json', ...(setup ? { [SETUP_TOKEN_HEADER]: setup } : {}) },
        body: JSON.stringify({ email, password }),
      })
      if (!response.ok) {
        toast.error('Error', { description: await serverMessage(response, 'Sign-up failed') })
      } else {
        toast.success('Account created successfully. Please check your email to confirm.')
        if (passwordInput.current) passwordInput.current.value = ''
        setMode('login')
      }
    } catch (error) {
      toast.error('Error', { description: error instanceof Error ? error.message : 'Network error' })
    }
    setBusy(false)
  }

  const title = mode === 'login' ? 'Admin Login' : 'Create Admin Account'
  return (
    <div className="w-full max-w-sm rounded-xl bg-white p-6 shadow-xl sm:p-8">
      <h1 className="text-ink mb-6 text-center text-2xl font-bold">{title}</h1>
      <form method="post" action={NO_SCRIPT_ACTION} onSubmit={onSubmit} className="space-y-4">
        <input type="hidden" name="mode" value={mode} />
        <input type="hidden" name="redirect" value={redirectTo} />
        {setupToken ? <input type="hidden" name="setup" value={setupToken} /> : null}
        <div className="space-y-1">
          <label htmlFor="login-email" className="text-ink block text-sm font-medium">
            Email
          </label>
          <input
            id="login-email"
            type="email"
            name="email"
            autoComplete="email"
            required
            className="border-ink/20 focus:border-gold focus:ring-gold/40 h-11 w-full rounded-md border px-3 text-base outline-none focus:ring-2"
          />
        </div>
        <div className="space-y-1">
          <label htmlFor="login-password" className="text-ink block text-sm font-medium">
            Password
          </label>
          <input
            id="login-password"
            type="password"
            name="password"
            autoComplete={mode === 'login' ? 'current-password' : 'new-password'}
            required
            ref={passwordInput}
            className="border-ink/20 focus:border-gold focus:ring-gold/40 h-11 w-full rounded-md border px-3 text-base outline-none focus:ring-2"
          />
        </div>
        <Button type="submit" variant="premium" size="lg" className="w-full" disabled={busy}>
          {mode === 'login' ? 'Sign In' : 'Create Account'}
        </Button>
      </form>
      {mode === 'login' && googleEnabled ? (
        <div className="mt-4">
          <Button asChild variant="outline" size="lg" className="w-full">
            <a href={`/auth/google?redirect=${encodeURIComponent(redirectTo)}`}>Continue with Google</a>
          </Button>
        </div>
      ) : null}
      <p className="text-ink/70 mt-6 text-center text-sm">
        {mode === 'login' ? "Don't have an account? " : 'Already have an account? '}
        <button
          type="button"
          className="text-gold-dark font-semibold underline-offset-4 hover:underline"
          onClick={() => setMode(mode === 'login' ? 'signup' : 'login')}
        >
          {mode === 'login' ? 'Sign up' : 'Sign in'}
        </button>
      </p>
      <p className="mt-4 text-center text-sm">
        <Link href="/" className="text-ink/70 underline-offset-4 hover:underline">
          Back to Home
        </Link>
      </p>
    </div>
  )
}
