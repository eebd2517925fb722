import { capturedMails } from '../helpers/captured-mail'
import { expect, test } from '../helpers/e2e-test'
import { adminToken, auth, staffLead } from '../helpers/public-site'

// After a job is completed the customer is asked for a review, once, by the server's own job
// queue; the link in that e-mail stops them for good.
test('a completed job asks for a review once; its link stops review requests', async ({
  page,
  request,
  siteSettings,
}) => {
  test.setTimeout(90_000)
  const token = await adminToken(request)
  const headers = auth(token)
  await siteSettings({ reviewRequestDelayHours: 0 })
  const email = `review-${Date.now()}@example.com`
  const id = await staffLead(request, headers, {
    firstName: 'Rae',
    lastName: 'Review',
    email,
    phone: '(512) 555-0191',
    description: 'Four rims refinished.',
    serviceType: 'rim_rash',
  })
  for (const status of ['contacted', 'quoted', 'completed']) {
    expect((await request.patch(`/api/leads/${id}`, { headers, data: { status } })).ok()).toBe(true)
  }
  const requests = () => capturedMails(email).filter((m) => m.includes('Subject: How did we do?'))
  await expect.poll(() => requests().length, { timeout: 45_000 }).toBe(1)
  const mail = requests()[0]
  expect(mail).toContain('Thanks, Rae!')
  expect(mail).toContain('A short review helps other drivers find us.')
  const link = mail.match(/\/review-requests\/unsubscribe\?e=[A-Za-z0-9_-]+&(?:amp;)?t=[A-Za-z0-9_-]+/)![0]

  await page.goto(link.replace('&amp;', '&'))
  await expect(page.getByText(`Stop review requests to ${email}?`)).toBeVisible()
  await page.getByRole('button', { name: 'Stop review requests' }).click()
  await expect(page.getByRole('status')).toHaveText(
    `Done: ${email} will not get review requests from us any more.`,
  )
})
