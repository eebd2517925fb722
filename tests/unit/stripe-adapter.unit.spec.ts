import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'

import { type FakeStripe, startFakeStripe } from '../helpers/stripe-server'

import {
  cardPaymentsEnabled,
  createCheckoutSession,
  retrieveCheckoutSession,
  verifiedEvent,
} from '@/payments/stripe'
import { noEmailAddress } from '@/lib/staff-lead'

// The official SDK against the local fake of Stripe's API (tests/helpers/stripe-server.ts),
// reached through STRIPE_API_URL with the SDK's host/port/protocol options.

let fake: FakeStripe

beforeAll(async () => {
  fake = await startFakeStripe()
})
afterAll(() => fake.close())
afterEach(() => {
  for (const name of Object.keys(fake.env)) delete process.env[name]
  fake.reset()
})
const configure = (env: Record<string, string> = fake.env) => Object.assign(process.env, env)

const checkout = (over: Partial<Parameters<typeof createCheckoutSession>[0]> = {}) =>
  createCheckoutSession({
    amountCents: 12_345,
    description: 'Invoice 2026-0001',
    customerEmail: 'dana@example.com',
    metadata: { invoice: '7', kind: 'invoice' },
    successUrl: 'http://localhost:3000/pay/x?paid=1',
    cancelUrl: 'http://localhost:3000/pay/x',
    idempotencyKey: `invoice-7-12345-${Math.random()}`,
    ...over,
  })

describe('the Stripe adapter', () => {
  it('takes no cards without both keys', () => {
    expect(cardPaymentsEnabled()).toBe(false)
    configure({ STRIPE_SECRET_KEY: fake.secretKey, STRIPE_API_URL: fake.url })
    expect(cardPaymentsEnabled()).toBe(false)
    configure()
    expect(cardPaymentsEnabled()).toBe(true)
  })

  it('creates a Checkout Session for the amount given, and reads it back', async () => {
    configure()
    const session = await checkout()
    expect(session).toMatchObject({ status: 'open', amountTotal: 12_345 })
    expect(session.url).toBe(`${fake.url}/c/pay/${session.id}`)
    const sent = fake.sessions.get(session.id)!.sent
    expect(sent).toMatchObject({
      mode: 'payment',
      'line_items[0][price_data][currency]': 'usd',
      'line_items[0][price_data][unit_amount]': '12345',
      'line_items[0][price_data][product_data][name]': 'Invoice 2026-0001',
      'metadata[invoice]': '7',
      'payment_intent_data[metadata][invoice]': '7',
      client_reference_id: '7',
      customer_email: 'dana@example.com',
    })
    fake.pay(session.id)
    expect(await retrieveCheckoutSession(session.id)).toMatchObject({ id: session.id, status: 'complete' })
  })

  it("sends no texted customer's stored address, so Stripe's page asks for a real one", async () => {
    configure()
    const session = await checkout({ customerEmail: noEmailAddress('+15125550100') })
    expect(fake.sessions.get(session.id)!.sent).not.toHaveProperty('customer_email')
  })

  it('gets one session for one idempotency key', async () => {
    configure()
    const [a, b] = await Promise.all([
      checkout({ idempotencyKey: 'same' }),
      checkout({ idempotencyKey: 'same' }),
    ])
    expect(a.id).toBe(b.id)
    expect(fake.sessions.size).toBe(1)
  })

  it('refuses an amount below Stripe minimum before asking Stripe', async () => {
    configure()
    await expect(checkout({ amountCents: 49 })).rejects.toThrow('at least $0.50')
    await expect(checkout({ amountCents: 10.5 })).rejects.toThrow('at least $0.50')
    expect(fake.creates).toBe(0)
  })

  it('retries a Stripe outage, as the SDK does', async () => {
    configure()
    fake.failNext(1)
    expect((await checkout()).status).toBe('open')
  })

  it('reads only events signed with the webhook secret', () => {
    configure()
    const body = fake.event('checkout.session.completed', { id: 'cs_test_1', object: 'checkout.session' })
    expect(verifiedEvent(body, fake.sign(body))?.type).toBe('checkout.session.completed')
    expect(verifiedEvent(body, null)).toBeNull()
    expect(verifiedEvent(body, fake.sign(body, 'whsec_wrong'))).toBeNull()
    expect(verifiedEvent(body.replace('cs_test_1', 'cs_test_2'), fake.sign(body))).toBeNull()
    expect(verifiedEvent(body, 't=1,v1=deadbeef')).toBeNull()
    for (const name of Object.keys(fake.env)) delete process.env[name]
    expect(verifiedEvent(body, fake.sign(body))).toBeNull()
  })
})
