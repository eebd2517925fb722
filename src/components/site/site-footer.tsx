/* eslint-disable @next/next/no-html-link-for-pages -- plain links on purpose: the public
   pages are static documents, and next/link's client code would be most of their own
   first-load JavaScript (docs/benchmarks/public-site.md). */
import { footerHoursLines } from '@/lib/business-hours'
import { copyrightLine } from '@/lib/copyright'
import { mailtoHref, telHref } from '@/lib/contact'
import type { HomeOffer } from '@/lib/home-content'
import type { PublicSiteSettings } from '@/lib/site-settings'

import { Logo } from './logo'

const QUICK_LINKS = [
  { label: 'Home', href: '/' },
  { label: 'Gallery', href: '/gallery' },
  { label: 'Careers', href: '/join-team' },
  { label: 'Team Login', href: '/login' },
] as const

export function SiteFooter({
  settings,
  offers,
}: {
  settings: PublicSiteSettings
  offers: readonly HomeOffer[]
}) {
  return (
    <footer className="bg-ink px-4 pt-14 pb-8 text-white" aria-labelledby="footer-title">
      <h2 id="footer-title" className="sr-only">
        Site information
      </h2>
      <div className="mx-auto grid max-w-6xl gap-10 sm:grid-cols-2 lg:grid-cols-4">
        <div>
          <div className="flex items-center gap-3">
            <Logo businessName={settings.businessName} size="medium" />
            <p className="text-lg font-bold">{settings.businessName}</p>
          </div>
          <p className="mt-4 text-white/80">
            Mobile wheel and rim repair for drivers and dealerships in central Austin.
          </p>
          <p className="mt-4">
            <a href={telHref(settings.phone)} className="footer-link">
              {settings.phone}
            </a>
            <br />
            <a href={mailtoHref(settings.email)} className="footer-link break-all">
              {settings.email}
            </a>
          </p>
        </div>
        <nav aria-labelledby="footer-services">
          <h3 id="footer-services" className="text-gold font-semibold">
            Services
          </h3>
          <ul className="mt-4 grid gap-2">
            {offers.map((offer) => (
              <li key={offer.key}>
                <a href="/#pricing" className="footer-link">
                  {offer.title}
                </a>
              </li>
            ))}
            <li>
              <a href="/#services" className="footer-link">
                Dealership Fleet Services
              </a>
            </li>
          </ul>
        </nav>
        <nav aria-labelledby="footer-links">
          <h3 id="footer-links" className="text-gold font-semibold">
            Quick Links
          </h3>
          <ul className="mt-4 grid gap-2">
            {QUICK_LINKS.map((link) => (
              <li key={link.href}>
                <a href={link.href} className="footer-link">
                  {link.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <div>
          <h3 className="text-gold font-semibold">Hours</h3>
          <ul className="mt-4 grid gap-2 text-white/80">
            {footerHoursLines(settings.hours).map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
          <p className="text-gold-light mt-3 font-semibold">24/7 Emergency Service</p>
        </div>
      </div>
      <div className="footer-bottom">
        <p>{copyrightLine(new Date().getFullYear(), settings.businessName)}</p>
        <ul className="flex gap-6">
          <li>
            <a href="/privacy-policy" className="footer-link">
              Privacy Policy
            </a>
          </li>
          <li>
            <a href="/terms-of-service" className="footer-link">
              Terms of Service
            </a>
          </li>
        </ul>
      </div>
    </footer>
  )
}
