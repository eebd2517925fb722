import { expect, test } from '../helpers/e2e-test'

import { REVIEWS } from '../../src/lib/catalog'
import { expectNoSeriousAxeViolations } from '../helpers/public-site'

// The spec's pricing table, as written there.
const SPEC_OFFERS = [
  { key: 'rim_rash', title: 'Rim Rash / Curbed Rim', price: '$125' },
  { key: 'windshield_repair', title: 'Cracked Windshield Repair', price: '$110' },
  { key: 'headlight_refresh', title: 'Headlight Refresh', price: '$85' },
  { key: 'rim_restoration', title: 'Bent, Powder Coating, or Cracked Rims', price: '$250' },
]

// The home page (spec section 2, Home), as the seeded site serves it.

test.describe('home page', () => {
  test.beforeEach(async ({ page }) => {
    await page.goto('/')
  })

  test('sections come in the order of the spec', async ({ page }) => {
    const order = await page.evaluate(() => {
      const ids = [
        'promo-banner',
        'hero-title',
        'services',
        'pricing',
        'process',
        'reviews',
        'quote',
        'contact',
      ]
      const top = (el: Element) => el.getBoundingClientRect().top + window.scrollY
      const nav = document.querySelector('header nav, header [aria-label="Open menu"]')
      const items = [
        ['nav', nav],
        ...ids.map((id) => [id, document.getElementById(id)] as const),
        ['footer', document.querySelector('footer')],
      ] as const
      return items.map(([name, el]) => ({ name, top: el ? top(el) : null }))
    })
    expect(order.every((o) => o.top !== null)).toBe(true)
    const sorted = [...order].sort((a, b) => (a.top as number) - (b.top as number)).map((o) => o.name)
    // The banner sits above the navigation inside the sticky header.
    expect(sorted).toEqual([
      'promo-banner',
      'nav',
      'hero-title',
      'services',
      'pricing',
      'process',
      'reviews',
      'quote',
      'contact',
      'footer',
    ])
    await expect(page.locator('header')).toHaveCSS('position', 'sticky')
  })

  test('navigation links to the sections, the gallery, the phone and the quote form', async ({ page }) => {
    const nav = page.getByRole('navigation', { name: 'Main' })
    await expect(nav.getByRole('link', { name: 'Services' })).toHaveAttribute('href', '#services')
    await expect(nav.getByRole('link', { name: 'Gallery' })).toHaveAttribute('href', '/gallery')
    await expect(nav.getByRole('link', { name: 'Process' })).toHaveAttribute('href', '#process')
    await expect(nav.getByRole('link', { name: 'Contact' })).toHaveAttribute('href', '#contact')
    const header = page.locator('header')
    await expect(header.getByRole('link', { name: '(512) 555-0142' })).toHaveAttribute(
      'href',
      'tel:+15125550142',
    )
    await expect(header.getByRole('link', { name: 'Get Quote' })).toHaveAttribute('href', '#quote')
  })

  test('the logo carries the business name and the spec alt text', async ({ page }) => {
    await expect(page.locator('header').getByAltText('Curbside Rim Co. - Wheel Repair Experts')).toBeVisible()
  })

  test('hero: the three claims and the two cards', async ({ page }) => {
    const hero = page.locator('section[aria-labelledby="hero-title"]')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Curbside Rim Co.')
    for (const claim of ['15+', '50K+', '500+'])
      await expect(hero.getByText(claim, { exact: true })).toBeVisible()
    await expect(hero.getByText('Years Experience')).toBeVisible()
    await expect(hero.getByText('Rims Repaired')).toBeVisible()
    await expect(hero.getByText('Dealer Partners')).toBeVisible()
    await expect(hero.getByRole('heading', { name: 'Mobile Repair Quote' })).toBeVisible()
    await expect(hero.getByRole('heading', { name: 'Dealership Partnership' })).toBeVisible()
    await expect(hero.getByRole('link', { name: 'Get a Free Quote' })).toHaveAttribute('href', '#quote')
  })

  test('services: the consumer and dealership columns', async ({ page }) => {
    const services = page.locator('#services')
    const consumer = services
      .locator('div', { has: page.getByRole('heading', { name: 'For Customers' }) })
      .last()
    const dealer = services
      .locator('div', { has: page.getByRole('heading', { name: 'For Dealerships' }) })
      .last()
    for (const item of [
      'On-Site Curb Rash Repair',
      'Mobile Refinishing',
      'Same-Day Service',
      'No Wheel Removal',
    ]) {
      await expect(consumer.getByText(item, { exact: true })).toBeVisible()
    }
    for (const item of ['Fleet Services', 'Quick Turnaround', 'Pickup & Delivery', 'Quality Guarantee']) {
      await expect(dealer.getByText(item, { exact: true })).toBeVisible()
    }
  })

  test('pricing: four offers with prices, the delivery note and a Get Started each', async ({ page }) => {
    const cards = page.locator('#pricing li[data-offer]')
    await expect(cards).toHaveCount(4)
    for (const [i, offer] of SPEC_OFFERS.entries()) {
      const card = cards.nth(i)
      await expect(card).toHaveAttribute('data-offer', offer.key)
      await expect(card.getByRole('heading', { name: offer.title })).toBeVisible()
      await expect(card.getByText(offer.price, { exact: true })).toBeVisible()
      await expect(card.getByRole('button', { name: 'Get Started' })).toBeVisible()
    }
    await expect(cards.first().getByText('per rim')).toBeVisible()
    await expect(
      page.locator('#pricing').getByText('Two-rim minimum for mobile service, or a $50 delivery fee.'),
    ).toBeVisible()
  })

  test('process: the four steps, Assessment asks for a photo with name and location', async ({ page }) => {
    const steps = page.locator('#process ol > li')
    await expect(steps.locator('h3')).toHaveText(['Assessment', 'Preparation', 'Repair', 'Quality Control'])
    await expect(steps.first()).toContainText('Text a photo of the damage with your name and location')
  })

  test('reviews: six reviews with readable star ratings, the Google claim and a link', async ({ page }) => {
    const reviews = page.locator('#reviews ul > li')
    await expect(reviews).toHaveCount(6)
    for (const [i, review] of REVIEWS.entries()) {
      await expect(
        reviews.nth(i).getByRole('img', { name: `Rated ${review.rating} out of 5 stars` }),
      ).toBeVisible()
      await expect(reviews.nth(i)).toContainText(review.name)
    }
    await expect(page.locator('#reviews').getByText('4.6/5 from over 100 Google reviews')).toBeVisible()
    const more = page.getByRole('link', { name: /Read more reviews on Google/ })
    await expect(more).toHaveAttribute('href', /^https:\/\/www\.google\.com\//)
    await expect(more).toHaveAttribute('target', '_blank')
  })

  test('the main quote form is in #quote, with photos', async ({ page }) => {
    // The form loads as it nears the screen.
    await page.locator('#quote').scrollIntoViewIfNeeded()
    const form = page.locator('#quote form')
    await expect(form).toHaveCount(1)
    await expect(form.locator('input[type="file"]')).toHaveCount(1)
  })

  test('contact: phone, hours, e-mail and Ready to Get Started?', async ({ page }) => {
    const contact = page.locator('#contact')
    await expect(contact.getByRole('link', { name: '(512) 555-0142' })).toHaveAttribute(
      'href',
      'tel:+15125550142',
    )
    await expect(contact.getByText('Mon-Fri 8AM-6PM', { exact: true })).toBeVisible()
    await expect(contact.getByText('Sat 9AM-4PM', { exact: true })).toBeVisible()
    await expect(contact.getByText(/^Sun/)).toHaveCount(0)
    await expect(contact.getByRole('link', { name: 'service@curbsiderim.co' })).toHaveAttribute(
      'href',
      'mailto:service@curbsiderim.co',
    )
    await expect(contact.getByRole('heading', { name: 'Ready to Get Started?' })).toBeVisible()
  })

  test('footer: services, quick links, hours with emergency service, privacy and terms', async ({ page }) => {
    const footer = page.locator('footer')
    for (const offer of SPEC_OFFERS)
      await expect(footer.getByRole('link', { name: offer.title })).toBeVisible()
    const links = footer.getByRole('navigation', { name: 'Quick Links' })
    await expect(links.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/')
    await expect(links.getByRole('link', { name: 'Gallery' })).toHaveAttribute('href', '/gallery')
    await expect(links.getByRole('link', { name: 'Careers' })).toHaveAttribute('href', '/join-team')
    await expect(links.getByRole('link', { name: 'Team Login' })).toHaveAttribute('href', '/login')
    for (const line of ['Mon-Fri: 8AM - 6PM', 'Sat: 8AM - 4PM', 'Sun: Closed', '24/7 Emergency Service']) {
      await expect(footer.getByText(line, { exact: true })).toBeVisible()
    }
    await expect(footer.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute(
      'href',
      '/privacy-policy',
    )
    await expect(footer.getByRole('link', { name: 'Terms of Service' })).toHaveAttribute(
      'href',
      '/terms-of-service',
    )
  })

  test('SEO: title, description, Open Graph and the business JSON-LD', async ({ page }) => {
    await expect(page).toHaveTitle('Curbside Rim Co. - Mobile Wheel & Rim Repair in Austin')
    await expect(page.locator('meta[name="description"]')).toHaveAttribute(
      'content',
      /Mobile curb rash, rim and wheel repair/,
    )
    await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', /Curbside Rim Co\./)
    await expect(page.locator('meta[property="og:description"]')).toHaveAttribute('content', /.+/)
    const ld = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) || '{}')
    expect(ld['@type']).toBe('AutoRepair')
    expect(ld.name).toBe('Curbside Rim Co.')
    // Self-serving review markup is against Google's rules: the rating is a visible claim only.
    expect(ld).not.toHaveProperty('aggregateRating')
    await expect(page.locator('#reviews').getByText('4.6/5 from over 100 Google reviews')).toBeVisible()
    expect(ld.makesOffer).toHaveLength(4)
    // Sunday is closed: not listed.
    expect(ld.openingHoursSpecification).toEqual([
      expect.objectContaining({
        dayOfWeek: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'],
        opens: '08:00',
        closes: '18:00',
      }),
      expect.objectContaining({ dayOfWeek: ['Saturday'], opens: '09:00', closes: '16:00' }),
    ])
    expect(ld.areaServed.length).toBeGreaterThan(0)
  })

  test('no serious or critical accessibility violations', async ({ page }) => {
    await expectNoSeriousAxeViolations(page)
  })
})

test.describe('home page on a phone (390 px)', () => {
  test.use({ viewport: { width: 390, height: 844 } })

  test('navigation is a side drawer: a dialog that traps focus and closes on Esc', async ({ page }) => {
    await page.goto('/')
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden()
    const trigger = page.getByRole('button', { name: 'Open menu' })
    await trigger.click()
    const drawer = page.getByRole('dialog', { name: 'Menu' })
    await expect(drawer).toBeVisible()
    for (const [name, href] of [
      ['Services', '#services'],
      ['Gallery', '/gallery'],
      ['Process', '#process'],
      ['Contact', '#contact'],
      ['Get Quote', '#quote'],
    ]) {
      await expect(drawer.getByRole('link', { name, exact: true })).toHaveAttribute('href', href)
    }
    await expect(drawer.getByRole('link', { name: '(512) 555-0142' })).toHaveAttribute(
      'href',
      'tel:+15125550142',
    )

    // Tabbing around never leaves the drawer.
    for (let i = 0; i < 12; i++) {
      await page.keyboard.press('Tab')
      expect(await drawer.evaluate((el) => el.contains(document.activeElement))).toBe(true)
    }
    await page.keyboard.press('Escape')
    await expect(drawer).toBeHidden()
    await expect(trigger).toBeFocused()

    // A link closes the drawer and goes to its section.
    await trigger.click()
    await page.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name: 'Process' }).click()
    await expect(page.getByRole('dialog')).toBeHidden()
    await expect(page).toHaveURL(/#process$/)
  })

  test('no serious or critical accessibility violations with the drawer open', async ({ page }) => {
    await page.goto('/')
    await page.getByRole('button', { name: 'Open menu' }).click()
    await expect(page.getByRole('dialog', { name: 'Menu' })).toBeVisible()
    await expectNoSeriousAxeViolations(page)
  })
})
