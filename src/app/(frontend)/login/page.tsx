import type { Metadata } from 'next'
import { redirect } from 'next/navigation'

import { LoginForm } from '@/components/login/login-form.client'
import { Toaster } from '@/components/ui/toaster.client'
import { PromoBannerSlot } from '@/components/site/promo-banner-slot'
import { googleOidcSettings } from '@/server/oidc-config'
import { partnerDealership } from '@/access/isPartner'
import { readSessionUser } from '@/data/session'
import { PARTNER_HOME, safeAdminRedirect } from '@/lib/safe-redirect'
import { loginErrorMessage } from '@/server/login-messages'

const SIGNED_UP = 'Account created successfully. Please check your email to confirm.'

export const dynamic = 'force-dynamic'

export const metadata: Metadata = {
  title: 'Team Login',
  robots: { index: false, follow: false },
}

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> }

export default async function LoginPage({ searchParams }: Props) {
  const params = await searchParams
  const redirectTo = safeAdminRedirect(typeof params.redirect === 'string' ? params.redirect : undefined)
  const user = await readSessionUser()
  // A dealership's partner lands in its portal, never the back office.
  const partner = partnerDealership(user) !== null
  const destination = partner ? PARTNER_HOME : redirectTo
  // One who just signed in without the page's script reads the success notice first.
  if (user && params.notice === 'signed-in') return <SignedIn redirectTo={destination} partner={partner} />
  if (user) redirect(destination)

  const setup = typeof params.setup === 'string' ? params.setup.slice(0, 200) : undefined
  return (
    <div className="bg-ink flex min-h-dvh flex-col">
      <div className="sticky top-0 z-40">
        <PromoBannerSlot />
      </div>
      <main className="flex flex-1 items-center justify-center px-4 py-10">
        <LoginForm
          redirectTo={redirectTo}
          googleEnabled={googleOidcSettings() !== null}
          // The first admin's setup link (printed by a fresh site) opens on creating that account.
          initialMode={params.mode === 'signup' || setup ? 'signup' : 'login'}
          initialError={loginErrorMessage(params.error)}
          initialNotice={params.notice === 'signed-up' ? SIGNED_UP : undefined}
          setupToken={setup}
        />
      </main>
      <Toaster />
    </div>
  )
}

function SignedIn({ redirectTo, partner }: { redirectTo: string; partner: boolean }) {
  return (
    <div className="bg-ink flex min-h-dvh items-center justify-center px-4">
      <meta httpEquiv="refresh" content={`1;url=${redirectTo}`} />
      <div className="rounded-xl bg-white p-6 text-center shadow-xl">
        <p role="status">Logged in successfully</p>
        <a href={redirectTo} className="text-gold-dark mt-2 inline-block font-semibold underline">
          {partner ? 'Continue to the partner portal' : 'Continue to the back office'}
        </a>
      </div>
    </div>
  )
}
