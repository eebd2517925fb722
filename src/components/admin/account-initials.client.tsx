'use client'

import { useAuth } from '@payloadcms/ui'

import './account-initials.css'

// Initials rather than a Gravatar image, which would hand staff e-mail hashes to a third party.
export function AccountInitials() {
  const { user } = useAuth()
  const email = typeof user?.email === 'string' ? user.email : ''
  const initials =
    email
      .split('@')[0]
      .split(/[._\-+]+/)
      .filter(Boolean)
      .slice(0, 2)
      .map((part) => part[0]?.toUpperCase())
      .join('') || '?'
  return (
    <span className="cbo-avatar" aria-hidden="true" data-testid="account-initials">
      {initials}
    </span>
  )
}
