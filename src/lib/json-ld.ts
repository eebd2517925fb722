import { OFFERS, REVIEW_SUMMARY } from '@/lib/catalog'
import type { PublicSiteSettings } from '@/lib/site-settings'

// "Mon-Fri 8AM-6PM" → days and 24-hour times; null when the text is not in that form.
const DAYS: Record<string, string[]> = {
  'mon-fri': ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'],
  'mon-sat': ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'],
  sat: ['Saturday'],
  sun: ['Sunday'],
}

function to24h(value: string): string | null {
  const m = /^(\d{1,2})(?::(\d{2}))?\s*(AM|PM)$/i.exec(value.trim())
  if (!m) return null
  let h = Number(m[1]) % 12
  if (m[3].toUpperCase() === 'PM') h += 12
  return `${String(h).padStart(2, '0')}:${m[2] ?? '00'}`
}

export function parseHours(text: string): { dayOfWeek: string[]; opens: string; closes: string } | null {
  const m =
    /^([A-Za-z]{3}(?:-[A-Za-z]{3})?)\s+(\d{1,2}(?::\d{2})?\s*[AP]M)\s*-\s*(\d{1,2}(?::\d{2})?\s*[AP]M)$/i.exec(
      text.trim(),
    )
  if (!m) return null
  const days = DAYS[m[1].toLowerCase()]
  const opens = to24h(m[2])
  const closes = to24h(m[3])
  return days && opens && closes ? { dayOfWeek: days, opens, closes } : null
}

// schema.org description of the business for search engines: an automotive repair
// LocalBusiness with its service area, opening hours, offers and rating.
export function businessJsonLd(settings: PublicSiteSettings, url: string) {
  const hours = [settings.hours.weekdays, settings.hours.saturday].map(parseHours).filter((h) => h !== null)
  return {
    '@context': 'https://schema.org',
    '@type': 'AutoRepair',
    '@id': `${url}/#business`,
    name: settings.businessName,
    url: `${url}/`,
    logo: `${url}/logo.svg`,
    image: `${url}/logo.svg`,
    telephone: settings.phone,
    email: settings.email,
    priceRange: '$85-$250',
    address: {
      '@type': 'PostalAddress',
      addressLocality: 'Austin',
      addressRegion: 'TX',
      addressCountry: 'US',
    },
    areaServed: [
      { '@type': 'City', name: 'Austin, TX' },
      { '@type': 'AdministrativeArea', name: settings.serviceArea },
    ],
    openingHoursSpecification: hours.map((h) => ({ '@type': 'OpeningHoursSpecification', ...h })),
    makesOffer: OFFERS.map((offer) => ({
      '@type': 'Offer',
      name: offer.title,
      price: offer.amount,
      priceCurrency: 'USD',
      ...(offer.unit ? { unitText: offer.unit } : {}),
      itemOffered: { '@type': 'Service', name: offer.title, description: offer.description },
    })),
    aggregateRating: {
      '@type': 'AggregateRating',
      ratingValue: REVIEW_SUMMARY.rating,
      bestRating: REVIEW_SUMMARY.best,
      reviewCount: REVIEW_SUMMARY.count,
    },
  }
}

// JSON for a <script type="application/ld+json">: '<' escaped so no text can close the tag.
export function jsonLdScript(data: unknown): string {
  return JSON.stringify(data).replace(/</g, '\\u003c')
}
