import { redirect } from 'next/navigation'
import type { AdminViewServerProps } from 'payload'

import { partnerDealership } from '@/access/isPartner'
import { PARTNER_HOME } from '@/lib/safe-redirect'

import { LogoutButton } from './logout-button.client'

import './back-office.css'

// Replaces Payload's "unauthorized" screen for signed-in accounts not yet approved.
export function AwaitingApproval({ initPageResult }: AdminViewServerProps) {
  const user = initPageResult.req.user
  // Payload sends every account it refuses here: a dealership's partner belongs in its portal.
  if (partnerDealership(user) !== null) redirect(PARTNER_HOME)
  return (
    <div className="cbo cbo-awaiting">
      <h1 className="cbo-title">Your account is awaiting approval</h1>
      {user ? (
        <p>
          You are signed in as <strong>{user.email}</strong>. An admin has to approve this account before it
          can open the back office. Please check back later.
        </p>
      ) : (
        <p>Please sign in with an approved account.</p>
      )}
      <LogoutButton />
    </div>
  )
}
