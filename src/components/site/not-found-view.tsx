/* eslint-disable @next/next/no-html-link-for-pages -- a plain link on purpose (see below). */
import { PromoBannerSlot } from '@/components/site/promo-banner-slot'
import { buttonVariants } from '@/components/ui/button'
import { cn } from '@/lib/utils'

// The spec's 404 page. A plain link, not next/link: the not-found boundary is part of every
// public page's layout, so next/link's client code would load on every page for a link shown
// only on a 404.
export function NotFoundView() {
  return (
    <div className="bg-ink flex min-h-dvh flex-col text-white">
      <div className="sticky top-0 z-40">
        <PromoBannerSlot />
      </div>
      <main className="flex flex-1 flex-col items-center justify-center gap-4 px-4 py-16 text-center">
        <h1 className="text-gold text-6xl font-extrabold">404</h1>
        <p className="text-xl">Oops! Page not found</p>
        <a href="/" className={cn(buttonVariants({ variant: 'premium', size: 'lg' }), 'mt-4')}>
          Return to Home
        </a>
      </main>
    </div>
  )
}
