/* eslint-disable @next/next/no-html-link-for-pages -- plain links on purpose (see below). */
import { buttonVariants } from '@/components/ui/button'
import { Icon } from '@/components/ui/icon'
import { telHref } from '@/lib/contact'
import type { PublicSiteSettings } from '@/lib/site-settings'
import { cn } from '@/lib/utils'

import { Logo } from './logo'
import { MobileNav } from './mobile-nav.client'
import { type NavVariant, navLinks, requestHref } from './nav-links'
import { PromoBannerSlot } from './promo-banner-slot'

// Plain links, not next/link: the public pages are static documents, and next/link's client
// code would be most of the first screen's JavaScript.
export function SiteHeader({
  settings,
  variant,
  promotion = true,
}: {
  settings: PublicSiteSettings
  variant: NavVariant
  promotion?: boolean
}) {
  const links = navLinks(variant)
  const phoneHref = telHref(settings.phone)
  const request = requestHref(variant)
  return (
    <header className="site-header">
      {/* Chrome paints a page while it is still arriving: a header painted with half its links
          would move them as the rest came. The first paint waits for the empty marker at the
          header's end (Chrome unblocks at a target's start tag). React lifts this into <head>. */}
      <link rel="expect" href="#site-header-end" blocking="render" />
      {promotion ? <PromoBannerSlot /> : null}
      <div className="site-header-row">
        <a href="/" className="logo-link">
          <Logo businessName={settings.businessName} size="small" />
          <span className="text-lg font-bold tracking-tight">{settings.businessName}</span>
        </a>
        <nav aria-label="Main" className="hidden md:block">
          <ul className="flex items-center gap-6 text-sm font-medium">
            {links.map((link) => (
              <li key={link.href}>
                <a href={link.href} className="nav-link">
                  {link.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <div className="hidden items-center gap-4 md:flex">
          <a
            href={phoneHref}
            className="text-gold-light hover:text-gold flex items-center gap-2 text-sm font-semibold"
          >
            <Icon name="phone" className="size-4" />
            {settings.phone}
          </a>
          <a href={request} className={cn(buttonVariants({ variant: 'premium' }))}>
            Get Quote
          </a>
        </div>
        <MobileNav links={links} phone={settings.phone} phoneHref={phoneHref} requestHref={request} />
      </div>
      <div id="site-header-end" hidden />
    </header>
  )
}
