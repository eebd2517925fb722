import { capturedMails, headerOf } from '../helpers/captured-mail'
import { expect, test } from '../helpers/e2e-test'
import {
  invitedPartner,
  newDealership,
  dealershipLeftovers,
  photo,
  removeAsAdmin,
} from '../helpers/partners-e2e'
import { adminToken, auth } from '../helpers/public-site'
import { DEV_ADMIN } from '../../src/seed/dev-admin'

// A dealership's work order due next week is on the owner's Lead Management tab now, on a
// 390 px phone; it opens the technician's page, and the car marked done there is e-mailed to
// the dealership's partner, with the whole order done.

const PHONE = { width: 390, height: 844 }
const ZONE = 'America/Chicago' // the site's default time zone: the business's days
const inDays = (days: number) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: ZONE }).format(new Date(Date.now() + days * 86_400_000))

test.describe("work orders on the owner's screen, on a 390 px phone", () => {
  test.use({ viewport: PHONE })
  test.setTimeout(120_000)

  test('the owner opens a work order due next week, and the partner hears the car is done', async ({
    page,
    browser,
    request,
  }) => {
    const headers = auth(await adminToken(request))
    const stamp = Date.now()
    const email = `recon-${stamp}@dealer.test`
    const po = `PO-${stamp}`
    const cleanup: string[] = []
    let dealership = 0
    const owner = await browser.newPage({ baseURL: test.info().project.use.baseURL, viewport: PHONE })
    try {
      dealership = await newDealership(request, headers, {
        name: `Riverside Autos ${stamp}`,
        billingEmail: `billing-${stamp}@dealer.test`,
      })
      await invitedPartner(page, request, headers, dealership, email, 'lot-sweep-on-fridays')

      const order = await request.post('/api/work-orders', {
        headers,
        data: {
          dealership,
          poNumber: po,
          dueDate: inDays(7),
          vehicles: [
            {
              stockNumber: 'N7',
              vin: '1HGCM82633A004352',
              wheels: [{ position: 'LF', service: 'rim_rash' }],
            },
          ],
        },
      })
      expect(order.status()).toBe(201)
      const id = ((await order.json()) as { doc: { id: number } }).doc.id
      cleanup.push(`/api/work-orders/${id}`)

      // The owner: not today's, yet on the tab, and a tap opens the technician's page.
      expect((await owner.request.post('/api/users/login', { data: DEV_ADMIN })).ok()).toBe(true)
      await owner.goto('/admin?tab=leads')
      const today = owner.getByRole('region', { name: "Today's work orders" })
      await expect(today).toBeVisible()
      await expect(today.getByRole('link', { name: `PO ${po}` })).toHaveCount(0)
      const later = owner.getByRole('region', { name: 'Work orders due later' })
      await later.getByRole('link', { name: `PO ${po}` }).click()
      await expect(owner).toHaveURL(new RegExp(`/admin/collections/work-orders/${id}$`))
      await expect(owner.getByRole('heading', { name: `PO ${po}` })).toBeVisible()

      const wheel = owner.getByRole('listitem', { name: 'N7 Left front' })
      await wheel.getByLabel('After photo').setInputFiles(await photo('n7-lf.jpg', '#119911'))
      await wheel.getByRole('button', { name: 'Mark done' }).click()
      await expect(owner.getByTestId('wheel-form-notice')).toContainText('Wheel marked done')
      await expect(owner.getByTestId('work-order-status')).toHaveText('Done')

      // The partner's e-mails, as the production server's queue sent them: the car, the order.
      const subjects = () =>
        capturedMails(email)
          .map((mail) => headerOf(mail, 'Subject'))
          .filter((s) => s?.includes(po))
          .sort()
      await expect
        .poll(subjects, { timeout: 60_000 })
        .toEqual([`Car N7 is done: PO ${po}`, `Work order done: PO ${po}`])
      const [carMail] = capturedMails(email).filter((m) => headerOf(m, 'Subject')?.startsWith('Car N7'))
      expect(carMail).toContain(`/partners/work-orders/${id}`)
    } finally {
      await owner.close()
      if (dealership) {
        cleanup.push(...(await dealershipLeftovers(request, headers, dealership, email)))
        await removeAsAdmin(page, cleanup)
      }
    }
  })
})
