import { buttonVariants } from '@/components/ui/button'
import { Icon } from '@/components/ui/icon'
import { telHref } from '@/lib/contact'
import { PARTNER_PAGE } from '@/lib/partner-enquiry'
import type { HomeContent } from '@/lib/home-content'
import type { PublicSiteSettings } from '@/lib/site-settings'
import { cn } from '@/lib/utils'

export function Hero({ settings, hero }: { settings: PublicSiteSettings; hero: HomeContent['hero'] }) {
  return (
    <section aria-labelledby="hero-title" className="hero">
      {/* The text column is centred on the cards beside it: painted before the cards have all
          arrived, it would move down as they came. So the first paint waits for the hero's end
          (see site-header.tsx). */}
      <link rel="expect" href="#hero-end" blocking="render" />
      <div className="hero-grid">
        <div>
          <p className="eyebrow text-gold">Mobile Wheel &amp; Rim Repair · Central Austin</p>
          <h1 id="hero-title" className="hero-title">
            {hero.headline || settings.businessName}
          </h1>
          <p className="hero-lead">{hero.text}</p>
          <dl className="mt-8 grid max-w-lg grid-cols-3 gap-4">
            {hero.claims.map((stat, i) => (
              <div key={i} className="hero-stat">
                <dt className="hero-stat-label">{stat.label}</dt>
                <dd className="hero-stat-value">{stat.value}</dd>
              </div>
            ))}
          </dl>
        </div>
        <div className="grid gap-4">
          <div className="border-gold/40 rounded-xl border bg-white/5 p-6">
            <h2 className="flex items-center gap-2 text-xl font-bold">
              <Icon name="wrench" className="text-gold size-5" /> Mobile Repair Quote
            </h2>
            <p className="mt-2 text-white/80">
              Send a few details and photos of the damage; we reply with a quote within 24 hours.
            </p>
            <a
              href="#quote"
              className={cn(buttonVariants({ variant: 'premium', size: 'lg' }), 'mt-4 w-full')}
            >
              Get a Free Quote
            </a>
          </div>
          <div className="rounded-xl border border-white/15 bg-white/5 p-6">
            <h2 className="flex items-center gap-2 text-xl font-bold">
              <Icon name="building" className="text-gold size-5" /> Dealership Partnership
            </h2>
            <p className="mt-2 text-white/80">
              Fleet pricing, quick turnaround on lot inventory, and pickup and delivery for dealerships across
              Austin.
            </p>
            <a
              href={PARTNER_PAGE}
              className={cn(buttonVariants({ variant: 'outline-premium', size: 'lg' }), 'mt-4 w-full')}
            >
              Become a Partner
            </a>
            <p className="mt-3 text-center text-sm text-white/80">
              or call{' '}
              <a href={telHref(settings.phone)} className="text-gold underline underline-offset-4">
                {settings.phone}
              </a>
            </p>
          </div>
        </div>
      </div>
      <div id="hero-end" hidden />
    </section>
  )
}
