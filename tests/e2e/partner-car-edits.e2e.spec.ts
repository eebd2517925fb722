import { expect, test } from '../helpers/e2e-test'
import {
  invitedPartner,
  newDealership,
  dealershipLeftovers,
  photo,
  removeAsAdmin,
  tickWheel,
} from '../helpers/partners-e2e'
import { adminToken, auth } from '../helpers/public-site'
import { DEV_ADMIN } from '../../src/seed/dev-admin'

// A dealership's partner on a 390 px phone, its page without any script: it changes one car of
// a work order (stock number, RO, a service per wheel), cancels another, and is refused the one
// the technician has just started; each wheel shows its price from the dealership's list. The
// technician's page then shows the work order as the partner left it.

const PHONE = { width: 390, height: 844 }

test.describe('a partner changes and cancels cars on a 390 px phone', () => {
  test.use({ viewport: PHONE })
  test.setTimeout(180_000)

  test('change one car, cancel another, refused once started; the technician sees it', async ({
    page,
    browser,
    request,
  }) => {
    const headers = auth(await adminToken(request))
    const stamp = Date.now()
    const email = `lot-${stamp}@dealer.test`
    const password = 'front-line-by-friday'
    const baseURL = test.info().project.use.baseURL
    const cleanup: string[] = []
    let dealership = 0
    const owner = await browser.newPage({ baseURL, viewport: PHONE })
    const partner = await browser.newContext({ baseURL, viewport: PHONE, javaScriptEnabled: false })
    try {
      dealership = await newDealership(request, headers, {
        name: `Westgate Motors ${stamp}`,
        billingEmail: `billing-${stamp}@dealer.test`,
        priceList: [{ service: 'rim_rash', unitPriceCents: 9900 }],
      })
      await invitedPartner(page, request, headers, dealership, email, password)

      // Three cars as a pasted list leaves them: no year, make or model.
      const wheel = (position: string, service = 'rim_rash') => ({ position, service })
      const order = await request.post('/api/work-orders', {
        headers,
        data: {
          dealership,
          poNumber: `PO-${stamp}`,
          vehicles: [
            { stockNumber: 'B201', vin: '1HGCM82633A004352', wheels: [wheel('LF'), wheel('RF')] },
            { stockNumber: 'B202', vin: 'JH4KA7561PC008269', wheels: [wheel('LF')] },
            { stockNumber: 'B203', vin: 'WP0AB2A93KS114315', wheels: [wheel('LR'), wheel('RR')] },
          ],
        },
      })
      expect(order.status()).toBe(201)
      const id = ((await order.json()) as { doc: { id: number } }).doc.id
      cleanup.push(`/api/work-orders/${id}`)

      // The partner, no script at all: its page, a way back to the portal and back again.
      expect((await partner.request.post('/api/users/login', { data: { email, password } })).ok()).toBe(true)
      const phone = await partner.newPage()
      await phone.goto(`/partners/work-orders/${id}`)
      await phone.getByRole('link', { name: '← All work orders' }).click()
      await expect(phone).toHaveURL(/\/partners$/)
      await phone.goto(`/partners/work-orders/${id}`)
      const car = (stock: string) => phone.getByTestId('vehicle').filter({ hasText: stock })
      // A bare car is titled by its stock number, with nothing dangling after it.
      await expect(car('B201').getByRole('heading', { level: 2 })).toHaveText('B201')
      // Each wheel at the dealership's own price.
      await expect(car('B201').getByTestId('wheel-price')).toHaveText(['$99.00', '$99.00'])

      // B201: a new stock number and RO; the right front restored, the left rear added.
      await car('B201').getByText('Change or cancel this car').click()
      await car('B201').getByLabel('Stock number').fill('B201-X')
      await car('B201').getByLabel('RO number').fill('RO-77')
      await car('B201')
        .getByLabel('Right front (RF)')
        .selectOption({ label: 'Bent, Powder Coating, or Cracked Rims' })
      await car('B201').getByLabel('Left rear (LR)').selectOption({ label: 'Rim Rash / Curbed Rim' })
      await car('B201').getByRole('button', { name: 'Save car B201' }).click()
      await expect(phone.getByRole('status')).toHaveText('The car’s changes are saved.')
      const changed = car('B201-X')
      await expect(changed.getByRole('heading', { level: 2 })).toHaveText('B201-X')
      await expect(changed).toContainText('RO RO-77')
      await expect(
        changed.getByText(/^Right front · Bent, Powder Coating, or Cracked Rims · To do/),
      ).toBeVisible()
      await expect(changed.getByText(/^Left rear · Rim Rash \/ Curbed Rim · To do · \$99\.00$/)).toBeVisible()

      // B202: cancelled.
      await car('B202').getByText('Change or cancel this car').click()
      await car('B202').getByRole('button', { name: 'Cancel car B202' }).click()
      await expect(phone.getByRole('status')).toHaveText('The car is cancelled and off the work order.')
      await expect(phone.getByTestId('vehicle')).toHaveCount(2)
      await expect(car('B202')).toHaveCount(0)

      // B203: the technician starts it while the partner's page is open; the cancel is refused.
      await car('B203').getByText('Change or cancel this car').click()
      expect((await owner.request.post('/api/users/login', { data: DEV_ADMIN })).ok()).toBe(true)
      await owner.goto(`/admin/collections/work-orders/${id}`)
      const lr = owner.getByRole('listitem', { name: 'B203 Left rear' })
      await lr.getByLabel('After photo').setInputFiles(await photo('b203-lr.jpg', '#2255aa'))
      await lr.getByRole('button', { name: 'Mark done' }).click()
      await expect(owner.getByTestId('wheel-form-notice')).toContainText('Wheel marked done')
      await car('B203').getByRole('button', { name: 'Cancel car B203' }).click()
      await expect(car('B203').getByRole('alert')).toHaveText(
        'Work has started on this car: its details and wheels can no longer be changed, and it can no longer be cancelled.',
      )
      await expect(car('B203').getByRole('button', { name: 'Cancel car B203' })).toHaveCount(0)
      await expect(phone.getByTestId('vehicle')).toHaveCount(2)

      // The technician's page: the changed car, no cancelled one, the started one kept.
      await owner.reload()
      const cars = owner.getByTestId('technician-car')
      await expect(cars).toHaveCount(2)
      await expect(cars.getByRole('heading', { level: 3 })).toHaveText(['B201-X', 'B203'])
      await expect(cars.first()).toContainText('RO-77')
      await expect(
        owner.getByRole('list', { name: 'Wheels of B201-X' }).getByTestId('technician-wheel'),
      ).toHaveText([
        /^Left front · Rim Rash \/ Curbed Rim · To do/,
        /^Right front · Bent, Powder Coating, or Cracked Rims · To do/,
        /^Left rear · Rim Rash \/ Curbed Rim · To do/,
      ])
    } finally {
      await owner.close()
      await partner.close()
      if (dealership) {
        cleanup.push(...(await dealershipLeftovers(request, headers, dealership, email)))
        await removeAsAdmin(page, cleanup)
      }
    }
  })
  test('a new order and a pasted list take a service per wheel and an RO per car', async ({
    page,
    request,
  }) => {
    const headers = auth(await adminToken(request))
    const stamp = Date.now()
    const email = `sweep-${stamp}@dealer.test`
    let dealership = 0
    const cleanup: string[] = []
    try {
      dealership = await newDealership(request, headers, {
        name: `Northgate Autos ${stamp}`,
        billingEmail: `billing-${stamp}@dealer.test`,
        priceList: [
          { service: 'rim_rash', unitPriceCents: 9900 },
          { service: 'rim_restoration', unitPriceCents: 21500 },
        ],
      })
      await invitedPartner(page, request, headers, dealership, email, 'rows-c-and-d-today')

      // The form: the car's own RO, and each wheel its own service at its own price.
      await page.goto('/partners/work-orders/new')
      const car = page.getByTestId('car').first()
      await car.getByLabel('Stock number').fill('C301')
      await car.getByLabel('VIN').fill('1HGCM82633A004352')
      await car.getByLabel('RO number for this car').fill('RO-31')
      await tickWheel(car, 'Left front (LF)', [await photo('c301-lf.jpg', '#aa2222')])
      await tickWheel(car, 'Right rear (RR)', [])
      await car.getByLabel('Service, Right rear').selectOption('rim_restoration')
      await page.getByRole('button', { name: 'Send work order' }).click()
      await expect(page).toHaveURL(/\/partners\/work-orders\/\d+$/)
      cleanup.push(`/api/work-orders/${/(\d+)$/.exec(page.url())![1]}`)
      const sent = page.getByTestId('vehicle')
      await expect(sent).toContainText('RO RO-31')
      await expect(sent.getByText(/^(Left front|Right rear) · /)).toHaveText([
        /^Left front · Rim Rash \/ Curbed Rim · To do · \$99\.00$/,
        /^Right rear · Bent, Powder Coating, or Cracked Rims · To do · \$215\.00$/,
      ])

      // A pasted list: a wheel with its own service, the rest the line's, and an RO per car.
      await page.goto('/partners/work-orders/new')
      await page.getByText('Many cars? Paste a list or CSV').click()
      await page
        .getByLabel(/^Cars, one a line/)
        .fill(
          ['D401,JH4KA7561PC008269,LF:restoration RF,rash,RO-41', 'D402,WP0AB2A93KS114315,all,rash'].join(
            '\n',
          ),
        )
      await page.getByRole('button', { name: 'Import the list' }).click()
      await expect(page).toHaveURL(/\/partners\/work-orders\/\d+$/)
      cleanup.push(`/api/work-orders/${/(\d+)$/.exec(page.url())![1]}`)
      const d401 = page.getByTestId('vehicle').filter({ hasText: 'D401' })
      await expect(d401.getByRole('heading', { level: 2 })).toHaveText('D401')
      await expect(d401).toContainText('RO RO-41')
      await expect(d401.getByTestId('wheel-price')).toHaveText(['$215.00', '$99.00'])
      await expect(
        page.getByTestId('vehicle').filter({ hasText: 'D402' }).getByTestId('wheel-price'),
      ).toHaveText(Array(4).fill('$99.00'))
    } finally {
      if (dealership) {
        cleanup.push(...(await dealershipLeftovers(request, headers, dealership, email)))
        await removeAsAdmin(page, cleanup)
      }
    }
  })
})
