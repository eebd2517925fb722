import type { APIRequestContext, Page } from '@playwright/test'

import { expect, test } from '../helpers/e2e-test'
import pg from 'pg'

import { document, paragraph } from '../../src/lib/lexical'
import { adminToken, auth } from '../helpers/public-site'

// Edits in the admin reach the public pages without a deploy (through the REST API as
// the development admin, then a reload within the pages' 30-second revalidation
// window), and the gallery's fallback when its data cannot be read. Every test puts
// back what it changed.

test.describe.configure({ mode: 'serial' })

const REVALIDATION_WINDOW = 35_000

// Reloads `path` until `check` passes, for at most the revalidation window.
async function eventually(page: Page, path: string, check: () => Promise<void>) {
  await expect(async () => {
    await page.goto(path)
    await check()
  }).toPass({ timeout: REVALIDATION_WINDOW, intervals: [500, 1_000, 2_000] })
}

type Day = { closed: boolean; opens: string | null; closes: string | null }

type Settings = {
  businessName: string
  phone: string
  textPhone: string | null
  hours: { weekdays: Day; saturday: Day & { footerOpens: string | null }; sunday: Day }
}

async function readGlobal<T>(request: APIRequestContext, token: string, slug: string): Promise<T> {
  const res = await request.get(`/api/globals/${slug}?depth=0`, { headers: auth(token) })
  expect(res.status()).toBe(200)
  return (await res.json()) as T
}

async function saveGlobal(request: APIRequestContext, token: string, slug: string, data: object) {
  const res = await request.post(`/api/globals/${slug}`, { headers: auth(token), data })
  expect(res.status()).toBe(200)
}

test('a site-settings change (name, phones, hours) reaches the header, footer, contact card and SEO tags', async ({
  page,
  request,
}) => {
  const token = await adminToken(request)
  const before = await readGlobal<Settings>(request, token, 'site-settings')
  try {
    await saveGlobal(request, token, 'site-settings', {
      businessName: 'Curbside Test Rims',
      phone: '(512) 555-0199',
      textPhone: '(512) 555-0177',
      hours: {
        ...before.hours,
        saturday: { ...before.hours.saturday, footerOpens: '08:30' },
        sunday: { closed: false, opens: '10:00', closes: '14:00' },
      },
    })
    await eventually(page, '/', async () => {
      await expect(page.locator('header').getByRole('link', { name: '(512) 555-0199' })).toHaveAttribute(
        'href',
        'tel:+15125550199',
      )
    })
    // "Text a photo" goes to the texting number, calls to the phone.
    await expect(page.locator('#process').getByRole('link', { name: '(512) 555-0177' })).toHaveAttribute(
      'href',
      'sms:+15125550177',
    )
    const footer = page.locator('footer')
    for (const line of [
      'Mon-Fri: 8AM - 6PM',
      'Sat: 8:30AM - 4PM',
      'Sun: 10AM - 2PM',
      '24/7 Emergency Service',
    ]) {
      await expect(footer.getByText(line, { exact: true })).toBeVisible()
    }
    await expect(footer.getByText('Sun: Closed', { exact: true })).toHaveCount(0)
    // The contact card keeps its own Saturday and, as the spec lists, no Sunday line.
    const contact = page.locator('#contact')
    await expect(contact.getByText('Sat 9AM-4PM', { exact: true })).toBeVisible()
    await expect(contact.getByText(/^Sun/)).toHaveCount(0)
    // Search engines learn the Sunday hours once Sunday is open.
    const ld = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) || '{}')
    expect(ld.openingHoursSpecification).toContainEqual({
      '@type': 'OpeningHoursSpecification',
      dayOfWeek: ['Sunday'],
      opens: '10:00',
      closes: '14:00',
    })

    // The business name in titles, application name and Open Graph site name.
    await expect(page).toHaveTitle('Curbside Test Rims - Mobile Wheel & Rim Repair in Austin')
    await expect(page.locator('meta[name="application-name"]')).toHaveAttribute(
      'content',
      'Curbside Test Rims',
    )
    await expect(page.locator('meta[property="og:site_name"]')).toHaveAttribute(
      'content',
      'Curbside Test Rims',
    )
    await page.goto('/gallery')
    await expect(page).toHaveTitle('Before & After Gallery | Curbside Test Rims')
    await expect(page.getByRole('link', { name: 'Text Us a Photo' })).toHaveAttribute(
      'href',
      'sms:+15125550177',
    )
    await expect(page.locator('meta[name="description"]')).toHaveAttribute(
      'content',
      /by Curbside Test Rims in Austin/,
    )
    await expect(page.locator('meta[property="og:site_name"]')).toHaveAttribute(
      'content',
      'Curbside Test Rims',
    )
  } finally {
    await saveGlobal(request, token, 'site-settings', {
      businessName: before.businessName,
      phone: before.phone,
      textPhone: before.textPhone ?? null,
      hours: before.hours,
    })
  }
  await eventually(page, '/', async () => {
    await expect(page).toHaveTitle('Curbside Rim Co. - Mobile Wheel & Rim Repair in Austin')
    await expect(page.locator('footer').getByText('Sun: Closed', { exact: true })).toBeVisible()
  })
})

test('a policy change in the site-pages global reaches its page', async ({ page, request }) => {
  const token = await adminToken(request)
  const before = await readGlobal<{ termsOfService: unknown }>(request, token, 'site-pages')
  const notice = `Estimates requested after ${Date.now()} are valid for 45 days.`
  try {
    await saveGlobal(request, token, 'site-pages', { termsOfService: document([paragraph(notice)]) })
    await eventually(page, '/terms-of-service', async () => {
      await expect(page.locator('article')).toContainText(notice)
    })
    await expect(page.locator('article')).not.toContainText('30-day workmanship warranty')
  } finally {
    await saveGlobal(request, token, 'site-pages', { termsOfService: before.termsOfService })
  }
  await eventually(page, '/terms-of-service', async () => {
    await expect(page.locator('article')).toContainText('30-day workmanship warranty')
  })
})

type GalleryItem = { id: number; title: string; beforeImage: { id: number; alt: string | null } }

async function newestGalleryItem(request: APIRequestContext, token: string): Promise<GalleryItem> {
  const res = await request.get('/api/gallery-items?sort=-createdAt&limit=1&depth=1', {
    headers: auth(token),
  })
  expect(res.status()).toBe(200)
  return (await res.json()).docs[0] as GalleryItem
}

test("a gallery picture's new alt text reaches /gallery", async ({ page, request }) => {
  const token = await adminToken(request)
  const item = await newestGalleryItem(request, token)
  const alt = `Before: curb rash on a Mercedes AMG rim (${Date.now()})`
  const firstPicture = () => page.getByTestId('gallery-item').first().locator('img').first()
  try {
    const res = await request.patch(`/api/gallery-images/${item.beforeImage.id}`, {
      headers: auth(token),
      data: { alt },
    })
    expect(res.status()).toBe(200)
    await eventually(page, '/gallery', async () => {
      await expect(firstPicture()).toHaveAttribute('alt', alt)
    })
  } finally {
    await request.patch(`/api/gallery-images/${item.beforeImage.id}`, {
      headers: auth(token),
      data: { alt: item.beforeImage.alt },
    })
  }
  await eventually(page, '/gallery', async () => {
    await expect(firstPicture()).toHaveAttribute('alt', item.beforeImage.alt ?? '')
  })
})

// Straight at the run's database (the launcher passes DATABASE_URL): the gallery's
// table goes missing, so the page's own query fails as it would in production.
async function sql(statement: string) {
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL })
  await client.connect()
  try {
    await client.query(statement)
  } finally {
    await client.end()
  }
}

test('when the gallery cannot be loaded, /gallery shows the BMW M3 and Mercedes AMG samples', async ({
  page,
  request,
}) => {
  const token = await adminToken(request)
  const item = await newestGalleryItem(request, token)
  // Saving the item expires the cached gallery; the next visit reads the database again.
  const touch = async () => {
    const res = await request.patch(`/api/gallery-items/${item.id}`, {
      headers: auth(token),
      data: { title: item.title },
    })
    expect(res.status()).toBe(200)
  }
  await touch()
  await sql('ALTER TABLE gallery_items RENAME TO gallery_items_unavailable')
  try {
    const response = await page.goto('/gallery')
    expect(response?.status()).toBe(200)
    const items = page.getByTestId('gallery-item')
    await expect(items.locator('h2')).toHaveText([
      'BMW M3 Competition - Curb Rash Repair',
      'Mercedes AMG - Full Rim Restoration',
    ])
    for (const [i, name] of ['bmw-m3', 'mercedes-amg'].entries()) {
      const card = items.nth(i)
      // The card's pair (its enlarged view stays hidden until tapped).
      const pair = card.getByRole('link', { name: /^Enlarge the before and after photos of / })
      await expect(pair.getByText('BEFORE', { exact: true })).toBeVisible()
      await expect(pair.getByText('AFTER', { exact: true })).toBeVisible()
      await expect(card.locator('p')).not.toHaveText('')
      const pictures = pair.locator('img')
      await expect(pictures.nth(0)).toHaveAttribute(
        'src',
        new RegExp(`/gallery-samples/${name}-before\\.svg`),
      )
      await expect(pictures.nth(1)).toHaveAttribute('src', new RegExp(`/gallery-samples/${name}-after\\.svg`))
      for (const img of await pictures.all()) {
        await img.scrollIntoViewIfNeeded()
        await expect
          .poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0))
          .toBe(true)
      }
    }
  } finally {
    await sql('ALTER TABLE gallery_items_unavailable RENAME TO gallery_items')
  }
  await touch()
  await eventually(page, '/gallery', async () => {
    await expect(page.getByTestId('gallery-item').first().locator('img').first()).toHaveAttribute(
      'src',
      /%2Fapi%2Fgallery-images%2F/,
    )
  })
})

test('job postings: each open one listed with its JobPosting data, none open says so', async ({
  page,
  request,
}) => {
  const token = await adminToken(request)
  const list = await request.get('/api/job-postings?depth=0&limit=50', { headers: auth(token) })
  const seeded = ((await list.json()) as { docs: { id: number; open: boolean }[] }).docs
  const created: number[] = []
  const post = async (data: object) => {
    const res = await request.post('/api/job-postings', { headers: auth(token), data })
    expect(res.status()).toBe(201)
    created.push(((await res.json()) as { doc: { id: number } }).doc.id)
  }
  const setOpen = (id: number, open: boolean) =>
    request.patch(`/api/job-postings/${id}`, { headers: auth(token), data: { open } })
  try {
    await post({
      title: 'Weekend Detailer',
      employmentType: 'PART_TIME',
      payText: '$22-26 an hour',
      applyEmail: 'jobs@curbsiderim.co',
      description: document([paragraph('Saturdays in the van: prep, polish and customer hand-over.')]),
    })
    await post({ title: 'Closed Position', open: false, description: document([paragraph('Filled.')]) })
    // Still marked open, but its applications closed yesterday: not listed.
    await post({
      title: 'Summer Helper',
      validThrough: new Date(Date.now() - 86_400_000).toISOString(),
      description: document([paragraph('June to August.')]),
    })
    await eventually(page, '/join-team', async () => {
      await expect(page.getByRole('main').getByRole('heading', { level: 2 })).toHaveText([
        'Weekend Detailer',
        'Mobile Wheel Technician',
      ])
    })
    const detailer = page.getByRole('article', { name: 'Weekend Detailer' })
    await expect(detailer.getByRole('list', { name: 'Position details' })).toHaveText(
      /Part-time.*Central Austin.*\$22-26 an hour/,
    )
    await expect(detailer.getByRole('link', { name: 'Apply by Email' })).toHaveAttribute(
      'href',
      'mailto:jobs@curbsiderim.co?subject=Application%3A%20Weekend%20Detailer',
    )
    const jsonLd = await page
      .locator('script[type="application/ld+json"]')
      .evaluateAll((els) => els.map((el) => JSON.parse(el.textContent ?? '{}')))
    const postings = jsonLd.filter((d) => d['@type'] === 'JobPosting')
    expect(postings.map((d) => [d.title, d.employmentType, d.hiringOrganization.name])).toEqual([
      ['Weekend Detailer', 'PART_TIME', 'Curbside Rim Co.'],
      ['Mobile Wheel Technician', 'FULL_TIME', 'Curbside Rim Co.'],
    ])
    expect(postings[1].description).toContain('Repair curb rash, scrapes and cosmetic damage')
    // Search engines read the posting as written: HTML, the pay it states, where to apply.
    expect(postings[0]).toMatchObject({
      description: '<p>Saturdays in the van: prep, polish and customer hand-over.</p>',
      directApply: false,
      datePosted: new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Chicago' }).format(new Date()),
      baseSalary: {
        '@type': 'MonetaryAmount',
        currency: 'USD',
        value: { '@type': 'QuantitativeValue', minValue: 22, maxValue: 26, unitText: 'HOUR' },
      },
    })
    expect(postings[1]).not.toHaveProperty('baseSalary')

    for (const { id } of seeded) await setOpen(id, false)
    await setOpen(created[0], false)
    await eventually(page, '/join-team', async () => {
      await expect(
        page.getByText('No openings right now. Check back soon, or send us your résumé anyway.'),
      ).toBeVisible()
    })
    await expect(page.getByRole('article')).toHaveCount(0)
    await expect(page).toHaveTitle('Careers | Curbside Rim Co.')
  } finally {
    for (const id of created) await request.delete(`/api/job-postings/${id}`, { headers: auth(token) })
    for (const { id, open } of seeded) await setOpen(id, open)
  }
  await eventually(page, '/join-team', async () => {
    await expect(page.getByRole('main').getByRole('heading', { level: 2 })).toHaveText([
      'Mobile Wheel Technician',
    ])
  })
})

test('an old address the owner redirects answers 308 to its new page, and 404 once removed', async ({
  page,
  request,
}) => {
  const token = await adminToken(request)
  const made = await request.post('/api/redirects', {
    headers: auth(token),
    data: { from: '/Wheel-Repair-Austin.html', to: { type: 'custom', url: '/gallery' } },
  })
  expect(made.status()).toBe(201)
  const { id } = ((await made.json()) as { doc: { id: number } }).doc
  try {
    const res = await request.get('/Wheel-Repair-Austin.HTML', { maxRedirects: 0 })
    expect(res.status()).toBe(308)
    expect(res.headers().location).toBe('/gallery')
    await page.goto('/wheel-repair-austin.html/')
    await expect(page).toHaveURL(/\/gallery$/)
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  } finally {
    await request.delete(`/api/redirects/${id}`, { headers: auth(token) })
  }
  const gone = await request.get('/wheel-repair-austin.html', { maxRedirects: 0 })
  expect(gone.status()).toBe(404)
})
