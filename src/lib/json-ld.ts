import { openingHoursSpecification } from '@/lib/business-hours'
import { OFFERS, REVIEW_SUMMARY } from '@/lib/catalog'
import type { PublicSiteSettings } from '@/lib/site-settings'

export function businessJsonLd(settings: PublicSiteSettings, url: string) {
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
    openingHoursSpecification: openingHoursSpecification(settings.hours),
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
