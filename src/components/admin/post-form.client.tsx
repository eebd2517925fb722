'use client'

import { toast } from '@payloadcms/ui'
import { useRouter } from 'next/navigation'
import { useRef, type FormEvent, type FormHTMLAttributes } from 'react'

type Props = Omit<FormHTMLAttributes<HTMLFormElement>, 'action' | 'method' | 'onSubmit'> & {
  action: string
  /** What a failure of the server says (a refusal says the server's own words). */
  failed: string
  /** Empties the form once the post succeeded (a note, a text). */
  reset?: boolean
}

// One of the back office's plain forms (src/collections/Leads/endpoints/leadForms.ts). Before the
// script, the browser posts it and the server redirects to the view with the outcome in its
// address. After, the same post asks for JSON and goes to that address in place, so the server
// renders the same notice either way and only one path records anything.
export function PostForm({ action, failed, reset, children, ...rest }: Props) {
  const router = useRouter()
  const busy = useRef(false)

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    // One post at a time: a second tap on a slow phone sends nothing more.
    if (busy.current) return
    busy.current = true
    const form = event.currentTarget
    const submitter = (event.nativeEvent as SubmitEvent).submitter
    const fields = [...new FormData(form, submitter)].map(([name, value]) => [name, String(value)])
    try {
      const response = await fetch(action, {
        method: 'POST',
        credentials: 'include',
        headers: { Accept: 'application/json', 'Content-Type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(fields).toString(),
      })
      const body = (await response.json().catch(() => null)) as {
        location?: string
        errors?: { message?: string }[]
      } | null
      if (body?.location) {
        if (response.ok && reset) form.reset()
        router.replace(body.location, { scroll: body.location.includes('#') })
      } else {
        // Refused before the form was read (signed out, not staff, too large), or the server failed.
        const refusal = response.status < 500 ? body?.errors?.[0]?.message : undefined
        toast.error('Error', { description: refusal || failed })
      }
    } catch {
      // No answer at all: the connection dropped.
      toast.error('Error', { description: failed })
    } finally {
      busy.current = false
    }
  }

  return (
    <form {...rest} method="post" action={action} onSubmit={(event) => void submit(event)}>
      {children}
    </form>
  )
}
