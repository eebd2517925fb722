'use client'

import { Button, useDocumentInfo } from '@payloadcms/ui'
import { useState, type FormEvent } from 'react'

import { jsonInit, useAction } from './admin-fetch'

// On a saved dealership: an admin invites a partner by e-mail (POST /api/dealerships/:id/invite).
// Not a <form>: it sits inside Payload's document form.
export function InvitePartner() {
  const { id } = useDocumentInfo()
  const { busy, run } = useAction('never')
  const [email, setEmail] = useState('')
  if (!id) return null

  async function invite(event: FormEvent) {
    event.preventDefault()
    const sent = await run<{ message: string }>(
      `/dealerships/${id}/invite`,
      jsonInit('POST', { email }),
      ({ message }) => message,
      'The invitation failed',
    )
    if (sent) setEmail('')
  }

  return (
    <div className="field-type" style={{ marginBottom: 'var(--base)' }}>
      <label className="field-label" htmlFor="invite-partner-email">
        Invite a partner
      </label>
      <p className="field-description">
        The partner gets an e-mail with a link that sets the password (valid 7 days) and opens the partner
        portal. Inviting the same address again sends a new link.
      </p>
      <div style={{ display: 'flex', gap: '0.5rem', flexWrap: 'wrap' }}>
        <input
          id="invite-partner-email"
          type="email"
          value={email}
          onChange={(e) => setEmail(e.currentTarget.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') void invite(e)
          }}
          placeholder="manager@dealership.com"
          style={{ flex: '1 1 16rem' }}
        />
        <Button
          type="button"
          buttonStyle="secondary"
          margin={false}
          disabled={busy || !email.trim()}
          onClick={invite}
        >
          Send invitation
        </Button>
      </div>
    </div>
  )
}
