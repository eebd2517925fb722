import Link from 'next/link'
import type { ReactNode } from 'react'

// The portal's page: the dealership's name, the way home and the way out.
export function PortalFrame({ dealershipName, children }: { dealershipName: string; children: ReactNode }) {
  return (
    <div className="min-h-dvh">
      <header className="bg-ink text-white">
        <div className="mx-auto flex max-w-3xl items-center justify-between gap-3 px-4 py-3">
          <Link href="/partners" className="font-semibold">
            {dealershipName} · Partner portal
          </Link>
          <form method="post" action="/partners/sign-out">
            <button type="submit" className="text-sm text-white/80 underline-offset-4 hover:underline">
              Sign out
            </button>
          </form>
        </div>
      </header>
      <main className="mx-auto max-w-3xl px-4 py-6">{children}</main>
    </div>
  )
}
