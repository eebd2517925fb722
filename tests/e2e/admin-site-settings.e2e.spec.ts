import { expect, test } from '../helpers/e2e-test'

import { DEV_ADMIN } from '../../src/seed/dev-admin'

// The owner edits opening hours in the site settings: times come from a list in 30-minute
// steps, a closed day hides its times, and a closing time before the opening is refused.
test('site settings: opening hours picked from a list of times, closed days without times', async ({
  page,
}) => {
  const login = await page.request.post('/api/users/login', { data: DEV_ADMIN })
  expect(login.ok()).toBe(true)
  await page.goto('/admin/globals/site-settings')

  const field = (path: string) => page.locator(`#field-hours__${path}`)
  await expect(field('weekdays__opens')).toContainText('8:00 AM')
  await expect(field('weekdays__closes')).toContainText('6:00 PM')
  await expect(field('saturday__opens')).toContainText('9:00 AM')
  await expect(field('saturday__closes')).toContainText('4:00 PM')
  await expect(field('saturday__footerOpens')).toContainText('8:00 AM')
  await expect(
    page.getByText(
      "The footer's own reading of the opening time; the contact card and search engines use Opens. Empty: the footer shows Opens too.",
    ),
  ).toBeVisible()

  // Sunday is closed: its times show once it is open.
  const sundayClosed = page.locator('input#field-hours__sunday__closed')
  await expect(sundayClosed).toBeChecked()
  await expect(field('sunday__opens')).toHaveCount(0)
  await sundayClosed.uncheck()
  await expect(field('sunday__opens')).toContainText('9:00 AM')

  // Every half hour is on the list.
  await field('sunday__closes').locator('.rs__control').click()
  await expect(page.getByRole('option')).toHaveCount(48)
  // 250 ms after a change the form sends its state to the server, unvalidated before the
  // first save. A save answered before that request is would have the field's error
  // replaced by the request's late answer (Payload's form merges it over the save's errors
  // and, the save having failed, sends nothing more). The owner saves after the form has
  // caught up with the change; so does the test.
  const caughtUp = page.waitForResponse((response) => {
    const body = response.request().postData() ?? ''
    return response.request().method() === 'POST' && body.includes('form-state') && body.includes('"08:30"')
  })
  await page.getByRole('option', { name: '8:30 AM', exact: true }).click()
  await expect(field('sunday__closes')).toContainText('8:30 AM')
  await caughtUp

  await page.getByRole('button', { name: 'Save', exact: true }).click()
  // The server refuses it, and the field says why.
  await expect(page.getByText(/^The following field is invalid: Hours . Sunday . Closes$/)).toBeVisible()
  await expect(field('sunday__closes')).toContainText('The closing time must be after the opening time.')
  const saved = await page.request.get('/api/globals/site-settings?depth=0')
  expect((await saved.json()).hours.sunday).toMatchObject({ closed: true })
})
