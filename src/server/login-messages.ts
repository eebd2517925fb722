import { AUTH_DOORS } from '@/collections/Users/hooks/limitAuthAttempts'
import { CROSS_SITE_LOGIN } from '@/collections/Users/hooks/guardLogin'
import { FIRST_ACCOUNT_NEEDS_TOKEN } from '@/collections/Users/hooks/assignRoleOnCreate'
import { PASSWORD_TOO_COMMON, PASSWORD_TOO_SHORT } from '@/lib/password-policy'

// The only messages /login shows for `?error=<code>`, so a link cannot make it say anything else.
export const LOGIN_MESSAGES = {
  credentials: 'The email or password provided is incorrect.',
  unverified: 'Please verify your email before logging in.',
  'sign-in-limit': AUTH_DOORS.login.message,
  'sign-up-limit': AUTH_DOORS.create.message,
  'password-short': PASSWORD_TOO_SHORT,
  'password-common': PASSWORD_TOO_COMMON,
  'cross-site': CROSS_SITE_LOGIN,
  'first-account': FIRST_ACCOUNT_NEEDS_TOKEN,
  'google-no-email': 'Your Google account has no verified e-mail address.',
  'google-other-account': 'This e-mail address is linked to a different Google account.',
  'google-unconfirmed':
    'An account with this e-mail address exists but its address was never confirmed. Ask an admin to remove it, then sign in with Google again.',
  'google-expired': 'Your Google sign-in expired. Please try again.',
  'google-unverified': 'Google sign-in could not be verified. Please try again.',
  'google-unidentified': 'Google did not identify the account.',
  'google-denied': 'The user denied access.',
  'google-failed': 'Google sign-in failed. Please try again.',
  'google-unavailable': 'Google sign-in is unavailable right now. Please try again.',
  'sign-in-failed': 'Sign-in failed. Please try again.',
  'sign-up-failed': 'Sign-up failed. Please try again.',
} as const

export type LoginErrorCode = keyof typeof LOGIN_MESSAGES

export function loginErrorCode(message: string, fallback: LoginErrorCode = 'sign-in-failed'): LoginErrorCode {
  const found = Object.entries(LOGIN_MESSAGES).find(([, text]) => text === message)
  return (found?.[0] as LoginErrorCode | undefined) ?? fallback
}

export function loginErrorMessage(code: unknown): string | undefined {
  return typeof code === 'string' && Object.hasOwn(LOGIN_MESSAGES, code)
    ? LOGIN_MESSAGES[code as LoginErrorCode]
    : undefined
}
