import { describe, expect, it } from 'vitest'

import { MOBILE_SERVICE_NOTE, REVIEW_SUMMARY, REVIEWS } from '@/lib/catalog'
import { mailtoHref, smsHref, telHref } from '@/lib/contact'
import { businessJsonLd, jsonLdScript } from '@/lib/json-ld'
import { bulletList, document, heading, isRichTextDocument, paragraph, text } from '@/lib/lexical'

import { plainText } from '@/lib/lexical'
import { homeTitle, OG_IMAGE, pageMetadata, siteMetadata } from '@/lib/seo'
import { DEFAULT_HOME_CONTENT, homeContent } from '@/lib/home-content'
import { DEFAULT_SITE_SETTINGS } from '@/lib/site-settings'
import { logoAlt } from '@/components/site/logo'
import { navLinks, requestHref } from '@/components/site/nav-links'
import sitemap from '@/app/(frontend)/sitemap'

describe('catalogue', () => {
  it('six reviews, each with a name, a 1-5 rating, a date and text', () => {
    expect(REVIEWS).toHaveLength(6)
    for (const r of REVIEWS) {
      expect(r.name).not.toBe('')
      expect([1, 2, 3, 4, 5]).toContain(r.rating)
      expect(r.date).not.toBe('')
      expect(r.text).not.toBe('')
    }
  })

  it('the Google claim and the delivery note of the spec', () => {
    expect(REVIEW_SUMMARY).toMatchObject({
      rating: 4.6,
      count: 100,
      label: '4.6/5 from over 100 Google reviews',
    })
    expect(MOBILE_SERVICE_NOTE).toContain('$50 delivery fee')
    expect(MOBILE_SERVICE_NOTE.toLowerCase()).toContain('two-rim minimum')
  })
})

describe('SEO metadata', () => {
  it('names the business of the site settings in titles, application and site name', () => {
    const site = siteMetadata({ businessName: 'Rim Doctors', description: 'd' })
    expect(site.title).toEqual({
      default: 'Rim Doctors - Mobile Wheel & Rim Repair in Austin',
      template: '%s | Rim Doctors',
    })
    expect(site.applicationName).toBe('Rim Doctors')
    expect(site.openGraph).toMatchObject({ siteName: 'Rim Doctors' })
    expect(homeTitle('Rim Doctors')).toBe('Rim Doctors - Mobile Wheel & Rim Repair in Austin')
    expect(
      pageMetadata({ businessName: 'Rim Doctors', description: 'd', path: '/gallery' }).openGraph,
    ).toMatchObject({
      siteName: 'Rim Doctors',
    })
  })

  it("a page's own share image replaces the site's", () => {
    const image = { url: '/api/gallery-images/file/rim.webp', width: 1200, height: 800, alt: 'A rim' }
    expect(pageMetadata({ businessName: 'X', description: 'd', path: '/', image }).openGraph).toMatchObject({
      images: [{ url: image.url, width: 1200, height: 800, alt: 'A rim' }],
    })
  })

  it('every page names the share image, since a page-level openGraph replaces the layout one', () => {
    const image = { url: OG_IMAGE.path, width: 1200, height: 630, type: 'image/png' }
    expect(siteMetadata({ businessName: 'X', description: 'd' }).openGraph).toMatchObject({
      images: [expect.objectContaining(image)],
    })
    expect(
      pageMetadata({ businessName: 'X', title: 'T', description: 'd', path: '/' }).openGraph,
    ).toMatchObject({
      images: [expect.objectContaining(image)],
    })
    expect(siteMetadata({ businessName: 'X', description: 'd' }).twitter).toMatchObject({
      card: 'summary_large_image',
    })
  })
})

describe('sitemap', () => {
  it("lists the spec's public pages and the dealerships' way in, at the site's address", () => {
    const saved = process.env.SERVER_URL
    process.env.SERVER_URL = 'https://rims.example/'
    try {
      expect(sitemap().map((entry) => entry.url)).toEqual([
        'https://rims.example/',
        'https://rims.example/gallery',
        'https://rims.example/join-team',
        'https://rims.example/privacy-policy',
        'https://rims.example/terms-of-service',
        'https://rims.example/become-a-partner',
      ])
    } finally {
      if (saved === undefined) delete process.env.SERVER_URL
      else process.env.SERVER_URL = saved
    }
  })
})

describe('contact links', () => {
  it('turn a display phone number into tel: and sms: targets', () => {
    expect(telHref('(512) 555-0142')).toBe('tel:+15125550142')
    expect(telHref('+1 512 555 0142')).toBe('tel:+15125550142')
    expect(telHref('555-0142')).toBe('tel:5550142')
    expect(smsHref('(512) 555-0142')).toBe('sms:+15125550142')
  })

  it('mailto: with an encoded subject', () => {
    expect(mailtoHref('jobs@example.com')).toBe('mailto:jobs@example.com')
    expect(mailtoHref('jobs@example.com', 'Application: Mobile Wheel Technician')).toBe(
      'mailto:jobs@example.com?subject=Application%3A%20Mobile%20Wheel%20Technician',
    )
  })
})

describe('navigation', () => {
  it('home uses in-page anchors; other pages lead back to the home sections', () => {
    expect(navLinks('home').map((l) => l.href)).toEqual(['#services', '/gallery', '#process', '#contact'])
    expect(navLinks('page').map((l) => l.href)).toEqual(['/#services', '/gallery', '/#process', '/#contact'])
    expect(requestHref('home')).toBe('#quote')
    expect(requestHref('page')).toBe('/#quote')
  })

  it('the gallery adds an Admin link to /login', () => {
    expect(navLinks('gallery').at(-1)).toEqual({ label: 'Admin', href: '/login' })
    expect(navLinks('home').some((l) => l.label === 'Admin')).toBe(false)
  })

  it('the logo alt text is "{business name} - Wheel Repair Experts"', () => {
    expect(logoAlt('Curbside Rim Co.')).toBe('Curbside Rim Co. - Wheel Repair Experts')
  })
})

describe('JSON-LD for the business', () => {
  it('an automotive repair business with service area, hours, offers and rating', () => {
    const ld = businessJsonLd(DEFAULT_SITE_SETTINGS, DEFAULT_HOME_CONTENT, 'https://example.com')
    expect(ld['@type']).toBe('AutoRepair')
    expect(ld.name).toBe('Curbside Rim Co.')
    expect(ld.telephone).toBe('(512) 555-0142')
    expect(ld.areaServed).toContainEqual({
      '@type': 'AdministrativeArea',
      name: 'Central Austin, TX and surrounding areas',
    })
    expect(ld.openingHoursSpecification.map((h) => [h.dayOfWeek.length, h.opens, h.closes])).toEqual([
      [5, '08:00', '18:00'],
      [1, '09:00', '16:00'],
    ])
    expect(ld.priceRange).toBe('$85-$250')
    // Google's rules forbid a business rating its own reviews in its markup: the claim is on
    // the page only.
    expect(ld).not.toHaveProperty('aggregateRating')
  })

  it('offers what the home page offers, priced in dollars', () => {
    const content = homeContent({
      pricing: {
        offers: [
          {
            key: 'rim_rash',
            title: 'Curb rash, any size',
            price: 99.5,
            unit: 'per rim',
            description: 'Sanded',
          },
          { key: 'headlight_refresh', title: 'Clear lenses', price: 60, description: 'Polished' },
        ],
      },
    })
    const ld = businessJsonLd(DEFAULT_SITE_SETTINGS, content, 'https://example.com')
    expect(ld.makesOffer.map((o) => [o.name, o.price, o.priceCurrency, o.unitText])).toEqual([
      ['Curb rash, any size', 99.5, 'USD', 'per rim'],
      ['Clear lenses', 60, 'USD', undefined],
    ])
    expect(ld.makesOffer.map((o) => o.itemOffered.description)).toEqual(['Sanded', 'Polished'])
    expect(ld.priceRange).toBe('$60-$99.5')
  })

  it('cannot close its <script> tag', () => {
    expect(jsonLdScript({ name: '</script><script>alert(1)</script>' })).not.toContain('</script>')
  })
})

describe('rich-text defaults', () => {
  it('build Lexical documents whose text reads back', () => {
    const doc = document([
      heading('h2', 'Title'),
      paragraph([text('Hello '), text('world', 1)]),
      bulletList(['one', 'two']),
    ])
    expect(isRichTextDocument(doc)).toBe(true)
    expect(plainText(doc)).toBe('Title\nHello world\none\ntwo')
    expect(isRichTextDocument(null)).toBe(false)
    expect(isRichTextDocument({ root: { children: [] } })).toBe(false)
  })
})
