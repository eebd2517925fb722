import { PASSWORD_TOO_COMMON, PASSWORD_TOO_SHORT } from './password-policy'

// What the invitation page says after its form came back refused, by code in its address.
export const INVITATION_ERRORS = {
  mismatch: 'The two passwords are not the same.',
  short: PASSWORD_TOO_SHORT,
  common: PASSWORD_TOO_COMMON,
  expired: 'This invitation link has expired or was used already. Ask us for a new one.',
  failed: 'Your password could not be set. Please try again.',
} as const
export type InvitationError = keyof typeof INVITATION_ERRORS

export function invitationErrorCode(message: string, status: number): InvitationError {
  if (message === PASSWORD_TOO_SHORT) return 'short'
  if (message === PASSWORD_TOO_COMMON) return 'common'
  if (status === 403 || status === 404) return 'expired'
  return 'failed'
}

export function invitationErrorMessage(code: unknown): string | null {
  return typeof code === 'string' && code in INVITATION_ERRORS
    ? INVITATION_ERRORS[code as InvitationError]
    : null
}

// Payload's reset tokens are 40 hex characters; anything else is refused before it is sent on.
export const isInvitationToken = (token: string) => /^[0-9a-f]{40}$/.test(token)
