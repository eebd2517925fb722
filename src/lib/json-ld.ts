import { openingHoursSpecification } from '@/lib/business-hours'
import { type HomeContent } from '@/lib/home-content'
import type { PublicSiteSettings } from '@/lib/site-settings'

export function businessJsonLd(settings: PublicSiteSettings, content: HomeContent, url: string) {
  const prices = content.pricing.offers.map((o) => o.priceCents / 100)
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
    ...(prices.length ? { priceRange: `$${Math.min(...prices)}-$${Math.max(...prices)}` } : {}),
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
    openingHoursSpecification: openingHoursSpecification(settings.hours),
    makesOffer: content.pricing.offers.map((offer) => ({
      '@type': 'Offer',
      name: offer.title,
      price: offer.priceCents / 100,
      priceCurrency: 'USD',
      ...(offer.unit ? { unitText: offer.unit } : {}),
      itemOffered: { '@type': 'Service', name: offer.title, description: offer.description },
    })),
  }
}

export type PostingForJsonLd = {
  title: string
  employmentType: string
  location: string
  payText?: string | null
  description: string
  datePosted: string
}

// A JobPosting per open position, as search engines read job listings.
export function jobPostingJsonLd(posting: PostingForJsonLd, settings: PublicSiteSettings, url: string) {
  return {
    '@context': 'https://schema.org',
    '@type': 'JobPosting',
    title: posting.title,
    description: posting.description,
    datePosted: posting.datePosted.slice(0, 10),
    employmentType: posting.employmentType,
    hiringOrganization: {
      '@type': 'Organization',
      '@id': `${url}/#business`,
      name: settings.businessName,
      sameAs: `${url}/`,
    },
    jobLocation: {
      '@type': 'Place',
      name: posting.location,
      address: {
        '@type': 'PostalAddress',
        addressLocality: 'Austin',
        addressRegion: 'TX',
        addressCountry: 'US',
      },
    },
    ...(posting.payText ? { incentiveCompensation: posting.payText } : {}),
  }
}

// '<' escaped so no text can close the <script> tag.
export function jsonLdScript(data: unknown): string {
  return JSON.stringify(data).replace(/</g, '\\u003c')
}
