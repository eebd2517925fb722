import {
  MOBILE_SERVICE_NOTE,
  OFFERS,
  type OfferKey,
  REVIEW_SUMMARY,
  REVIEWS,
  serviceTitle,
} from '@/lib/catalog'
import { formatMoney } from './money'

// The home page's words and prices as the owner edits them in the Home page global; the
// defaults are the spec's texts, so a site nobody has edited reads as the spec says.

export type Claim = { value: string; label: string }
export type ServiceItem = { title: string; text: string }
export type HomeOffer = {
  key: OfferKey
  title: string
  // Whole cents: what a lead records and a quote computes with.
  priceCents: number
  unit: string
  description: string
}
export type ProcessStep = { title: string; text: string }
export type HomeReview = { name: string; rating: number; date: string; text: string }

export type HomeContent = {
  hero: { headline: string; text: string; claims: Claim[] }
  services: { forCustomers: ServiceItem[]; forDealerships: ServiceItem[] }
  pricing: { offers: HomeOffer[]; note: string }
  process: { steps: ProcessStep[] }
  reviews: { rating: number; count: number; label: string; items: HomeReview[] }
  contact: { title: string; text: string }
  // Empty: the site's own title, description and share image.
  seo: { title: string; description: string; image: ShareImage | null }
}

export type ShareImage = { url: string; width: number | null; height: number | null; alt: string }

// Written where a step's text names the business's phone; the site shows the number as a link.
export const PHONE_PLACEHOLDER = '{phone}'

export const DEFAULT_HOME_CONTENT: HomeContent = {
  hero: {
    // Empty: the business's name from the settings.
    headline: '',
    text: 'Premium curb rash, rim and wheel repair that comes to you. We fix your wheels at your home, office or dealership, usually the same day, without removing them.',
    claims: [
      { value: '15+', label: 'Years Experience' },
      { value: '50K+', label: 'Rims Repaired' },
      { value: '500+', label: 'Dealer Partners' },
    ],
  },
  services: {
    forCustomers: [
      {
        title: 'On-Site Curb Rash Repair',
        text: 'Scrapes and gouges repaired in your driveway or parking spot.',
      },
      {
        title: 'Mobile Refinishing',
        text: 'Colour-matched paint and clear coat applied from our service van.',
      },
      { title: 'Same-Day Service', text: 'Most repairs are finished the day you book, in a few hours.' },
      { title: 'No Wheel Removal', text: 'Cosmetic repairs are done with the wheel on the car.' },
    ],
    forDealerships: [
      { title: 'Fleet Services', text: 'Volume pricing for lot inventory, rental and company fleets.' },
      { title: 'Quick Turnaround', text: 'Cars ready for the front line without a trip to a body shop.' },
      { title: 'Pickup & Delivery', text: 'Structural repairs collected from and returned to your lot.' },
      {
        title: 'Quality Guarantee',
        text: 'Every wheel checked to our standard and covered by our warranty.',
      },
    ],
  },
  pricing: {
    offers: OFFERS.map((o) => ({
      key: o.key,
      title: o.title,
      priceCents: o.amount * 100,
      unit: o.unit,
      description: o.description,
    })),
    note: MOBILE_SERVICE_NOTE,
  },
  process: {
    steps: [
      {
        title: 'Assessment',
        text: `Text a photo of the damage with your name and location to ${PHONE_PLACEHOLDER}. We reply with a quote, usually within the hour.`,
      },
      {
        title: 'Preparation',
        text: 'We arrive at your location, clean the wheel and mask off the tire and surrounding paint.',
      },
      {
        title: 'Repair',
        text: 'Damage is sanded, filled and shaped, then primed, colour-matched and clear-coated.',
      },
      {
        title: 'Quality Control',
        text: 'We inspect the finish in full light and only hand the car back when it meets our standard.',
      },
    ],
  },
  reviews: {
    rating: REVIEW_SUMMARY.rating,
    count: REVIEW_SUMMARY.count,
    label: REVIEW_SUMMARY.label,
    items: REVIEWS.map((r) => ({ ...r })),
  },
  contact: {
    title: 'Ready to Get Started?',
    text: 'Call or text us a photo of the damage, or request a quote online. We reply within 24 hours.',
  },
  seo: { title: '', description: '', image: null },
}

/** A step's text cut around the phone placeholder, so the site can link the number. */
export function splitAtPhone(text: string): string[] {
  return text.split(PHONE_PLACEHOLDER)
}

const text = (value: unknown, fallback: string) => (typeof value === 'string' ? value : fallback)
const rows = <T>(value: unknown, fallback: T[], read: (row: Record<string, unknown>) => T | null): T[] =>
  Array.isArray(value)
    ? value.flatMap((row) => {
        const read1 = row && typeof row === 'object' ? read(row as Record<string, unknown>) : null
        return read1 ? [read1] : []
      })
    : fallback

const isOfferKey = (key: unknown): key is OfferKey => OFFERS.some((o) => o.key === key)

/**
 * The stored global as the site reads it: a part never saved (a site from before the Home
 * page global, or a fresh database) reads as its default; an emptied list stays empty.
 */
export function homeContent(doc: unknown): HomeContent {
  const d = DEFAULT_HOME_CONTENT
  const s = (doc ?? {}) as Record<string, Record<string, unknown> | null | undefined>
  const hero = s.hero ?? {}
  const services = s.services ?? {}
  const pricing = s.pricing ?? {}
  const process = s.process ?? {}
  const reviews = s.reviews ?? {}
  const contact = s.contact ?? {}
  const meta = s.meta ?? {}
  const item = (r: Record<string, unknown>) =>
    typeof r.title === 'string' ? { title: r.title, text: text(r.text, '') } : null
  const seen = new Set<string>()
  return {
    hero: {
      headline: text(hero.headline, d.hero.headline),
      text: text(hero.text, d.hero.text),
      claims: rows(hero.claims, d.hero.claims, (r) =>
        typeof r.value === 'string' ? { value: r.value, label: text(r.label, '') } : null,
      ),
    },
    services: {
      forCustomers: rows(services.forCustomers, d.services.forCustomers, item),
      forDealerships: rows(services.forDealerships, d.services.forDealerships, item),
    },
    pricing: {
      offers: rows(pricing.offers, d.pricing.offers, (r) => {
        // One card per key: the key is what a lead records.
        // Stored in dollars, as the owner types it.
        if (!isOfferKey(r.key) || seen.has(r.key) || typeof r.price !== 'number') return null
        seen.add(r.key)
        return {
          key: r.key,
          title: text(r.title, ''),
          priceCents: Math.round(r.price * 100),
          unit: text(r.unit, ''),
          description: text(r.description, ''),
        }
      }),
      note: text(pricing.note, d.pricing.note),
    },
    process: { steps: rows(process.steps, d.process.steps, item) },
    reviews: {
      rating: typeof reviews.rating === 'number' ? reviews.rating : d.reviews.rating,
      count: typeof reviews.count === 'number' ? reviews.count : d.reviews.count,
      label: text(reviews.label, d.reviews.label),
      items: rows(reviews.items, d.reviews.items, (r) =>
        typeof r.name === 'string' && typeof r.rating === 'number'
          ? { name: r.name, rating: r.rating, date: text(r.date, ''), text: text(r.text, '') }
          : null,
      ),
    },
    contact: { title: text(contact.title, d.contact.title), text: text(contact.text, d.contact.text) },
    seo: {
      title: text(meta.title, ''),
      description: text(meta.description, ''),
      image: shareImage(meta.image),
    },
  }
}

// The share image when it was read with its file (depth 1); an id alone is no use to a page.
export function shareImage(value: unknown): ShareImage | null {
  if (!value || typeof value !== 'object') return null
  const image = value as Record<string, unknown>
  if (typeof image.url !== 'string' || !image.url) return null
  return {
    url: image.url,
    width: typeof image.width === 'number' ? image.width : null,
    height: typeof image.height === 'number' ? image.height : null,
    alt: typeof image.alt === 'string' ? image.alt : '',
  }
}

type OfferedLead = {
  serviceType: string
  offeredTitle?: string | null
  offeredPriceCents?: number | null
  offeredUnit?: string | null
}

/** "$125 per rim": the price a lead's visitor was shown, or null for a service without one. */
export function offeredPrice(lead: OfferedLead): string | null {
  if (typeof lead.offeredPriceCents !== 'number') return null
  const price = formatMoney(lead.offeredPriceCents, 'price')
  return lead.offeredUnit ? `${price} ${lead.offeredUnit}` : price
}

/** The service's title as the lead's visitor saw it, else as the catalogue names it today. */
export function offeredTitle(lead: OfferedLead): string {
  return lead.offeredTitle || serviceTitle(lead.serviceType)
}

/** "Rim Rash / Curbed Rim · $125 per rim": the service and price a lead's visitor was shown. */
export function offeredService(lead: OfferedLead): string {
  const title = offeredTitle(lead)
  const price = offeredPrice(lead)
  return price ? `${title} · ${price}` : title
}

/** The content as the Home page global stores it (prices in dollars, as the owner types them). */
export function homePageData(content: HomeContent) {
  const { pricing, seo: _seo, ...rest } = structuredClone(content)
  return {
    ...rest,
    pricing: {
      ...pricing,
      offers: pricing.offers.map(({ priceCents, ...offer }) => ({ ...offer, price: priceCents / 100 })),
    },
  }
}
