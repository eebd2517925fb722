import { type APIRequestContext, expect, type Page } from '@playwright/test'

import type { FakeStripe } from './stripe-server'

/**
 * On (the fake of) Stripe's page: the customer pays, Stripe's signed webhook tells the site,
 * a replay of it changes nothing, and the browser comes back to the success address.
 */
export async function payOnStripe(fake: FakeStripe, page: Page, request: APIRequestContext, amount: string) {
  await expect(page.getByRole('heading', { name: `Pay ${amount}` })).toBeVisible()
  const session = fake.sessions.get(new URL(page.url()).pathname.split('/').at(-1)!)!
  fake.pay(session.id)
  const body = fake.event('checkout.session.completed', { ...session, sent: undefined })
  const deliver = () =>
    request.post('/api/stripe/webhooks', {
      headers: { 'Content-Type': 'application/json', 'Stripe-Signature': fake.sign(body) },
      data: body,
    })
  expect((await deliver()).status()).toBe(200)
  // Stripe sends again whatever it is unsure of: the replay changes nothing.
  expect(await (await deliver()).json()).toMatchObject({ outcome: 'duplicate' })
  await page.goto(new URL(session.success_url).pathname + new URL(session.success_url).search)
}
