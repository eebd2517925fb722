import { randomBytes } from 'node:crypto'
import http from 'node:http'
import type { AddressInfo } from 'node:net'

import { signEvent } from '@/server/payments/stripe'

// A local stand-in for the parts of Stripe's API the app uses, speaking its protocol over
// HTTP: Bearer auth with the secret key, Checkout Sessions created from a form body in
// Stripe's bracket notation (replayed for the same Idempotency-Key, as Stripe does) and
// retrieved by id, answered with Stripe's JSON objects and its error JSON. The app's SDK
// reaches it through STRIPE_API_URL (src/server/payments/stripe.ts): nothing of ours is
// mocked. `pay` plays the customer on Stripe's page; `event` and `sign` build the webhook
// deliveries Stripe would send, signed with the SDK's own generateTestHeaderString.

export type FakeSession = {
  id: string
  object: 'checkout.session'
  amount_total: number
  currency: string
  client_reference_id: string | null
  customer_email: string | null
  metadata: Record<string, string>
  mode: string
  payment_intent: string | null
  payment_status: 'unpaid' | 'paid'
  status: 'open' | 'complete' | 'expired'
  success_url: string
  cancel_url: string | null
  url: string | null
  expires_at: number
  created: number
  livemode: false
  /** What the app sent, flattened: for the tests to check what the SDK asked for. */
  sent: Record<string, string>
}

export type FakePayment = { paymentIntent: string; charge: string; amount: number }

export type FakeStripe = {
  url: string
  secretKey: string
  webhookSecret: string
  sessions: Map<string, FakeSession>
  /** Every session create the app asked for, including replays of an idempotency key. */
  creates: number
  /** Completes the session as the customer paying on Stripe's page would. */
  pay(sessionId: string): FakePayment
  /** A webhook event as Stripe sends it, as JSON text. */
  event(type: string, object: Record<string, unknown>, id?: string): string
  /** The Stripe-Signature header for a body. */
  sign(body: string, secret?: string): string
  /** The next n requests fail with a 500, as an outage would. */
  failNext(n: number): void
  env: Record<string, string>
  reset(): void
  close(): Promise<void>
}

const token = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`
const now = () => Math.floor(Date.now() / 1000)

/** On a free port with keys of its own, unless told (the e2e server's are fixed at its start). */
export async function startFakeStripe(
  fixed: { port?: number; secretKey?: string; webhookSecret?: string } = {},
): Promise<FakeStripe> {
  const secretKey = fixed.secretKey ?? token('sk_test')
  const webhookSecret = fixed.webhookSecret ?? token('whsec')
  const sessions = new Map<string, FakeSession>()
  const byIdempotencyKey = new Map<string, string>()
  let creates = 0
  let failures = 0

  const json = (res: http.ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json', 'request-id': token('req') })
    res.end(JSON.stringify(body))
  }
  const stripeError = (res: http.ServerResponse, status: number, type: string, message: string) =>
    json(res, status, { error: { type, message } })

  const readBody = (req: http.IncomingMessage) =>
    new Promise<string>((resolve, reject) => {
      let text = ''
      req.setEncoding('utf8')
      req.on('data', (chunk: string) => (text += chunk))
      req.on('end', () => resolve(text))
      req.on('error', reject)
    })

  const metadataOf = (form: Record<string, string>, prefix: string) =>
    Object.fromEntries(
      Object.entries(form)
        .filter(([k]) => k.startsWith(`${prefix}[`))
        .map(([k, v]) => [k.slice(prefix.length + 1, -1), v]),
    )

  let url = ''
  const server = http.createServer((req, res) => {
    void (async () => {
      const path = new URL(req.url ?? '/', 'http://fake').pathname
      const body = await readBody(req)
      // Stripe's hosted page, for the browser tests: the customer sees the amount.
      const page = /^\/c\/pay\/(cs_test_[a-f0-9]+)$/.exec(path)
      if (req.method === 'GET' && page) {
        const session = sessions.get(page[1])
        res.writeHead(session ? 200 : 404, { 'content-type': 'text/html; charset=utf-8' })
        return res.end(
          session
            ? `<!doctype html><title>Stripe Checkout</title><h1>Pay $${(session.amount_total / 100).toFixed(2)}</h1>`
            : 'Not found',
        )
      }
      if (req.headers.authorization !== `Bearer ${secretKey}`) {
        return stripeError(res, 401, 'invalid_request_error', 'Invalid API Key provided.')
      }
      if (failures > 0) {
        failures -= 1
        return stripeError(res, 500, 'api_error', 'An unknown error occurred.')
      }
      if (req.method === 'POST' && path === '/v1/checkout/sessions') {
        creates += 1
        const key = req.headers['idempotency-key']
        const replay = typeof key === 'string' ? byIdempotencyKey.get(key) : undefined
        if (replay) return json(res, 200, sessions.get(replay))
        const form = Object.fromEntries(new URLSearchParams(body))
        const amount = Number(form['line_items[0][price_data][unit_amount]'])
        const quantity = Number(form['line_items[0][quantity]'] ?? '1')
        if (form.mode !== 'payment') return stripeError(res, 400, 'invalid_request_error', 'Missing mode.')
        if (!Number.isInteger(amount) || amount < 50)
          return stripeError(res, 400, 'invalid_request_error', 'Amount must be at least 50 cents.')
        if (!form.success_url)
          return stripeError(res, 400, 'invalid_request_error', 'Missing required param: success_url.')
        const id = token('cs_test')
        const session: FakeSession = {
          id,
          object: 'checkout.session',
          amount_total: amount * quantity,
          currency: form['line_items[0][price_data][currency]'] ?? 'usd',
          client_reference_id: form.client_reference_id ?? null,
          customer_email: form.customer_email ?? null,
          metadata: metadataOf(form, 'metadata'),
          mode: form.mode,
          payment_intent: null,
          payment_status: 'unpaid',
          status: 'open',
          success_url: form.success_url,
          cancel_url: form.cancel_url ?? null,
          url: `${url}/c/pay/${id}`,
          expires_at: now() + 24 * 60 * 60,
          created: now(),
          livemode: false,
          sent: form,
        }
        sessions.set(id, session)
        if (typeof key === 'string') byIdempotencyKey.set(key, id)
        return json(res, 200, session)
      }
      const one = /^\/v1\/checkout\/sessions\/([A-Za-z0-9_]+)$/.exec(path)
      if (req.method === 'GET' && one) {
        const session = sessions.get(one[1])
        if (!session)
          return stripeError(res, 404, 'invalid_request_error', `No such checkout.session: '${one[1]}'`)
        return json(res, 200, session)
      }
      return stripeError(
        res,
        404,
        'invalid_request_error',
        `Unrecognized request URL (${req.method}: ${path}).`,
      )
    })().catch((err: unknown) => {
      res.writeHead(500)
      res.end(String(err))
    })
  })
  await new Promise<void>((resolve) => server.listen(fixed.port ?? 0, '127.0.0.1', resolve))
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`

  return {
    url,
    secretKey,
    webhookSecret,
    sessions,
    get creates() {
      return creates
    },
    pay(sessionId) {
      const session = sessions.get(sessionId)
      if (!session) throw new Error(`No such session ${sessionId}`)
      if (session.status !== 'open') throw new Error(`Session ${sessionId} is ${session.status}`)
      session.status = 'complete'
      session.payment_status = 'paid'
      session.payment_intent = token('pi')
      return { paymentIntent: session.payment_intent, charge: token('ch'), amount: session.amount_total }
    },
    event: (type, object, id = token('evt')) =>
      JSON.stringify(
        {
          id,
          object: 'event',
          api_version: '2025-11-17.clover',
          created: now(),
          data: { object },
          livemode: false,
          pending_webhooks: 1,
          request: { id: null, idempotency_key: null },
          type,
        },
        null,
        2,
      ),
    sign: (body, secret = webhookSecret) => signEvent(body, secret),
    failNext: (n) => void (failures = n),
    env: { STRIPE_SECRET_KEY: secretKey, STRIPE_WEBHOOK_SECRET: webhookSecret, STRIPE_API_URL: url },
    reset() {
      sessions.clear()
      byIdempotencyKey.clear()
      creates = 0
      failures = 0
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
