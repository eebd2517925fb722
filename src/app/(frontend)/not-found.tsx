import type { Metadata } from 'next'
import Link from 'next/link'

import { buttonVariants } from '@/components/ui/button'
import { cn } from '@/lib/utils'

export const metadata: Metadata = {
  title: 'Page not found',
  robots: { index: false },
}

export default function NotFound() {
  return (
    <main className="flex min-h-screen flex-col items-center justify-center gap-4 bg-ink px-4 text-center text-white">
      <h1 className="text-6xl font-extrabold text-gold">404</h1>
      <p className="text-xl">Oops! Page not found</p>
      <Link href="/" className={cn(buttonVariants({ variant: 'premium', size: 'lg' }), 'mt-4')}>
        Return to Home
      </Link>
    </main>
  )
}
