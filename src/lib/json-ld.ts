import { openingHoursSpecification } from '@/lib/business-hours'
import { type HomeContent } from '@/lib/home-content'
import { type Pay, payFromText } from '@/lib/job-postings'
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
  // HTML, as Google's job listings read it.
  descriptionHtml: string
  // The business's calendar day it was posted, YYYY-MM-DD.
  datePosted: string
  validThrough?: string | null
}

function baseSalary(pay: Pay | null) {
  if (!pay) return {}
  const { minValue, maxValue, unitText } = pay
  const value = maxValue
    ? { '@type': 'QuantitativeValue', minValue, maxValue, unitText }
    : { '@type': 'QuantitativeValue', value: minValue, unitText }
  return { baseSalary: { '@type': 'MonetaryAmount', currency: 'USD', value } }
}

// A JobPosting per open position, as search engines read job listings.
export function jobPostingJsonLd(posting: PostingForJsonLd, settings: PublicSiteSettings, url: string) {
  return {
    '@context': 'https://schema.org',
    '@type': 'JobPosting',
    title: posting.title,
    description: posting.descriptionHtml,
    datePosted: posting.datePosted,
    ...(posting.validThrough ? { validThrough: posting.validThrough } : {}),
    // Applications go by e-mail, not on this page.
    directApply: false,
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
    ...baseSalary(payFromText(posting.payText)),
  }
}

// '<' escaped so no text can close the <script> tag.
export function jsonLdScript(data: unknown): string {
  return JSON.stringify(data).replace(/</g, '\\u003c')
}
