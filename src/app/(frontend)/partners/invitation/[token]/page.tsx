import type { Metadata } from 'next'

import { readInvitation } from '@/data/partner-portal'
import { MIN_PASSWORD_LENGTH } from '@/lib/password-policy'
import { invitationErrorMessage, isInvitationToken } from '@/lib/partner-invitation'

export const metadata: Metadata = {
  title: 'Set your partner portal password',
  robots: { index: false, follow: false },
}

type Props = {
  params: Promise<{ token: string }>
  searchParams: Promise<Record<string, string | string[] | undefined>>
}

// The invitation's link. Setting the password is a POST, so a mail scanner that only fetches
// the link does not use up the invitation.
export default async function PartnerInvitationPage({ params, searchParams }: Props) {
  const { token } = await params
  const invited = isInvitationToken(token) ? await readInvitation(token) : null
  const error = invited
    ? invitationErrorMessage((await searchParams).error)
    : invitationErrorMessage('expired')
  const input = 'border-ink/20 mt-1 block w-full rounded-md border px-3 py-2 text-base'
  return (
    <main className="bg-ink flex min-h-dvh items-center justify-center px-4 py-10">
      <form
        method="post"
        action="/partners/invitation/accept"
        className="w-full max-w-sm rounded-xl bg-white p-6 shadow-xl"
      >
        <h1 className="text-xl font-bold">Set your password</h1>
        {invited ? (
          <p className="text-ink/70 mt-1 text-sm" data-testid="invitation-for">
            For {invited.email}
            {invited.dealershipName ? ` at ${invited.dealershipName}` : ''}.
          </p>
        ) : null}
        <p className="text-ink/70 mt-1 text-sm">
          Choose the password for your partner portal account (at least {MIN_PASSWORD_LENGTH} characters).
        </p>
        {error ? (
          <p role="alert" className="mt-4 rounded-md bg-red-50 p-3 text-sm text-red-800">
            {error}
          </p>
        ) : null}
        <input type="hidden" name="token" value={token} />
        {invited ? (
          // The login a password manager saves with the new password.
          <label className="mt-4 block text-sm font-medium">
            E-mail
            <input
              className={`${input} bg-ink/5`}
              type="email"
              name="username"
              autoComplete="username"
              value={invited.email}
              readOnly
            />
          </label>
        ) : null}
        <label className="mt-4 block text-sm font-medium">
          New password
          <input
            className={input}
            type="password"
            name="password"
            autoComplete="new-password"
            required
            minLength={MIN_PASSWORD_LENGTH}
          />
        </label>
        <label className="mt-3 block text-sm font-medium">
          The same password again
          <input
            className={input}
            type="password"
            name="confirm"
            autoComplete="new-password"
            required
            minLength={MIN_PASSWORD_LENGTH}
          />
        </label>
        <button type="submit" className="bg-ink mt-5 w-full rounded-md px-4 py-3 font-semibold text-white">
          Set password and open the portal
        </button>
      </form>
    </main>
  )
}
