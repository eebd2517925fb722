import type { Metadata } from 'next'
import { headers } from 'next/headers'
import { redirect } from 'next/navigation'

import config from '@payload-config'
import { getPayload } from 'payload'

import { LoginForm } from '@/components/login/login-form.client'
import { Toaster } from '@/components/ui/toaster.client'
import { PromoBannerSlot } from '@/components/site/promo-banner-slot'
import { googleOidcSettings } from '@/server/oidc-config'
import { safeAdminRedirect } from '@/lib/safe-redirect'

export const dynamic = 'force-dynamic'

export const metadata: Metadata = {
  title: 'Team Login',
  robots: { index: false, follow: false },
}

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> }

export default async function LoginPage({ searchParams }: Props) {
  const params = await searchParams
  const redirectTo = safeAdminRedirect(typeof params.redirect === 'string' ? params.redirect : undefined)
  const payload = await getPayload({ config })
  const { user } = await payload.auth({ headers: await headers() })
  // Someone already signed in has nothing to do here.
  if (user) redirect(redirectTo)

  const error = typeof params.error === 'string' ? params.error.slice(0, 300) : undefined
  return (
    <div className="bg-ink flex min-h-dvh flex-col">
      <div className="sticky top-0 z-40">
        <PromoBannerSlot />
      </div>
      <main className="flex flex-1 items-center justify-center px-4 py-10">
        <LoginForm
          redirectTo={redirectTo}
          googleEnabled={googleOidcSettings() !== null}
          initialError={error}
        />
      </main>
      <Toaster />
    </div>
  )
}
