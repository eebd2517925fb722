import { randomBytes } from 'node:crypto'
import http from 'node:http'
import type { AddressInfo } from 'node:net'

import { signEvent } from '@/payments/stripe'

// A local stand-in for the parts of Stripe's API the app uses, speaking its protocol over
// HTTP: Bearer auth with the secret key, Checkout Sessions created from a form body in
// Stripe's bracket notation (replayed for the same Idempotency-Key, as Stripe does, and
// refused with a 400 for the same key with other parameters) and retrieved by id and expired;
// refunds made in the dashboard (`refund`) and listed by charge; payment intents, charges and
// balance transactions retrieved
// with `expand[]` as Stripe expands them; answered with Stripe's JSON objects and its error
// JSON. The app's SDK reaches it through STRIPE_API_URL (src/payments/stripe/index.ts):
// nothing of ours is mocked. `pay` plays the customer on Stripe's page; `event` and `sign`
// build the webhook deliveries Stripe would send, signed with the SDK's own
// generateTestHeaderString.

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

export type FakePayment = { paymentIntent: string; charge: string; amount: number; fee: number }

export type FakeBalanceTransaction = {
  id: string
  object: 'balance_transaction'
  amount: number
  currency: string
  fee: number
  fee_details: { amount: number; currency: string; type: 'stripe_fee'; description: string }[]
  net: number
  source: string
  status: 'pending' | 'available'
  type: 'charge'
  created: number
}

export type FakeCharge = {
  id: string
  object: 'charge'
  amount: number
  amount_captured: number
  amount_refunded: number
  /** Null until Stripe has captured it in the background (asynchronous capture). */
  balance_transaction: string | null
  currency: string
  metadata: Record<string, string>
  paid: true
  payment_intent: string
  refunded: boolean
  /** Its refunds, newest first, as Stripe lists them when asked to expand `refunds`. */
  refunds: { object: 'list'; data: FakeRefund[]; has_more: false; total_count: number; url: string }
  status: 'succeeded'
  created: number
}

export type FakeRefund = {
  id: string
  object: 'refund'
  amount: number
  charge: string
  currency: string
  metadata: Record<string, string>
  payment_intent: string
  reason: string | null
  status: 'succeeded' | 'pending' | 'failed' | 'canceled'
  created: number
}

export type FakePaymentIntent = {
  id: string
  object: 'payment_intent'
  amount: number
  amount_received: number
  currency: string
  latest_charge: string
  metadata: Record<string, string>
  status: 'succeeded'
  created: number
}

/** Stripe's standard US card pricing: 2.9% + 30¢. */
export const stripeFeeOf = (amount: number) => Math.round(amount * 0.029) + 30

export type FakeStripe = {
  url: string
  secretKey: string
  webhookSecret: string
  sessions: Map<string, FakeSession>
  paymentIntents: Map<string, FakePaymentIntent>
  charges: Map<string, FakeCharge>
  balanceTransactions: Map<string, FakeBalanceTransaction>
  /** Every session create the app asked for, including replays of an idempotency key. */
  creates: number
  /** The sessions the app expired, in order. */
  expired: string[]
  /** Each request's method and path, in order. */
  requests: string[]
  /**
   * Completes the session as the customer paying on Stripe's page would. `feeLater`: the
   * charge's balance transaction (and so its fee) comes later, as with asynchronous capture.
   */
  pay(sessionId: string, options?: { feeLater?: boolean }): FakePayment
  /** A payment made without a session (the drill's), with the same objects behind it. */
  charge(amount: number, metadata: Record<string, string>, options?: { feeLater?: boolean }): FakePayment
  /**
   * A refund made in Stripe's dashboard (`created`: its time, in seconds); the charge, listing it,
   * is what `charge.refunded` carries, and the refund what `refund.created` does.
   */
  refund(chargeId: string, amount: number, created?: number): { charge: FakeCharge; refund: FakeRefund }
  /** The background capture done: the charge gains its balance transaction; the charge. */
  capture(chargeId: string): FakeCharge
  /** A webhook event as Stripe sends it, as JSON text. */
  event(type: string, object: Record<string, unknown>, id?: string): string
  /** The Stripe-Signature header for a body. */
  sign(body: string, secret?: string): string
  /** Runs `work` while the next session is being created, before Stripe answers. */
  whileCreating(work: () => Promise<void>): void
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
  const byIdempotencyKey = new Map<string, { session: string; body: string }>()
  const paymentIntents = new Map<string, FakePaymentIntent>()
  const charges = new Map<string, FakeCharge>()
  const balanceTransactions = new Map<string, FakeBalanceTransaction>()
  const expired: string[] = []
  const requests: string[] = []
  let creates = 0
  let failures = 0
  let whileCreating: (() => Promise<void>) | null = null

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

  const capture = (chargeId: string): FakeCharge => {
    const charge = charges.get(chargeId)
    if (!charge) throw new Error(`No such charge ${chargeId}`)
    if (!charge.balance_transaction) {
      const fee = stripeFeeOf(charge.amount)
      const txn: FakeBalanceTransaction = {
        id: token('txn'),
        object: 'balance_transaction',
        amount: charge.amount,
        currency: charge.currency,
        fee,
        fee_details: [
          {
            amount: fee,
            currency: charge.currency,
            type: 'stripe_fee',
            description: 'Stripe processing fees',
          },
        ],
        net: charge.amount - fee,
        source: charge.id,
        status: 'pending',
        type: 'charge',
        created: now(),
      }
      balanceTransactions.set(txn.id, txn)
      charge.balance_transaction = txn.id
    }
    return charge
  }

  const charge = (amount: number, metadata: Record<string, string>, options: { feeLater?: boolean } = {}) => {
    const intent: FakePaymentIntent = {
      id: token('pi'),
      object: 'payment_intent',
      amount,
      amount_received: amount,
      currency: 'usd',
      latest_charge: token('ch'),
      metadata,
      status: 'succeeded',
      created: now(),
    }
    paymentIntents.set(intent.id, intent)
    charges.set(intent.latest_charge, {
      id: intent.latest_charge,
      object: 'charge',
      amount,
      amount_captured: amount,
      amount_refunded: 0,
      balance_transaction: null,
      currency: 'usd',
      // Stripe copies the payment intent's metadata onto its charge.
      metadata,
      paid: true,
      payment_intent: intent.id,
      refunded: false,
      refunds: {
        object: 'list',
        data: [],
        has_more: false,
        total_count: 0,
        url: `/v1/charges/${intent.latest_charge}/refunds`,
      },
      status: 'succeeded',
      created: now(),
    })
    if (!options.feeLater) capture(intent.latest_charge)
    return {
      paymentIntent: intent.id,
      charge: intent.latest_charge,
      amount,
      fee: stripeFeeOf(amount),
    }
  }

  // Stripe's `expand[]`: each dotted path replaces an id with its object, one level at a time.
  const expanded = (object: Record<string, unknown>, paths: string[]): Record<string, unknown> => {
    const out = { ...object }
    for (const path of paths) {
      const [head, ...rest] = path.split('.')
      const id = out[head]
      const found =
        typeof id === 'string'
          ? (charges.get(id) ?? balanceTransactions.get(id) ?? paymentIntents.get(id))
          : (id as Record<string, unknown> | null)
      if (found) out[head] = rest.length ? expanded(found, [rest.join('.')]) : { ...found }
    }
    return out
  }
  const expandsOf = (query: URLSearchParams) =>
    [...query.entries()].filter(([k]) => /^expand\[\d*\]$/.test(k)).map(([, v]) => v)

  let url = ''
  const server = http.createServer((req, res) => {
    void (async () => {
      const address = new URL(req.url ?? '/', 'http://fake')
      const path = address.pathname
      const body = await readBody(req)
      requests.push(`${req.method} ${path}`)
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
        // Stripe's rule: a key replays its first request's answer, and only for the same parameters.
        if (replay && replay.body !== body)
          return stripeError(
            res,
            400,
            'idempotency_error',
            `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${String(key)}' if you meant to execute a different request.`,
          )
        if (replay) return json(res, 200, sessions.get(replay.session))
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
        if (typeof key === 'string') byIdempotencyKey.set(key, { session: id, body })
        const work = whileCreating
        whileCreating = null
        if (work) await work()
        return json(res, 200, session)
      }
      const one = /^\/v1\/checkout\/sessions\/([A-Za-z0-9_]+)$/.exec(path)
      if (req.method === 'GET' && one) {
        const session = sessions.get(one[1])
        if (!session)
          return stripeError(res, 404, 'invalid_request_error', `No such checkout.session: '${one[1]}'`)
        return json(res, 200, session)
      }
      const expire = /^\/v1\/checkout\/sessions\/([A-Za-z0-9_]+)\/expire$/.exec(path)
      if (req.method === 'POST' && expire) {
        const session = sessions.get(expire[1])
        if (!session)
          return stripeError(res, 404, 'invalid_request_error', `No such checkout.session: '${expire[1]}'`)
        if (session.status !== 'open')
          return stripeError(
            res,
            400,
            'invalid_request_error',
            'Only Checkout Sessions with a status in ["open"] can be expired.',
          )
        session.status = 'expired'
        session.url = null
        expired.push(session.id)
        return json(res, 200, session)
      }
      if (req.method === 'GET' && path === '/v1/refunds') {
        const charge = address.searchParams.get('charge')
        const data = [...charges.values()]
          .filter((c) => !charge || c.id === charge)
          .flatMap((c) => c.refunds.data)
        return json(res, 200, { object: 'list', data, has_more: false, url: '/v1/refunds' })
      }
      const object = /^\/v1\/(payment_intents|charges|balance_transactions)\/([A-Za-z0-9_]+)$/.exec(path)
      if (req.method === 'GET' && object) {
        const [, kind, id] = object
        const map = { payment_intents: paymentIntents, charges, balance_transactions: balanceTransactions }[
          kind as 'charges'
        ] as Map<string, Record<string, unknown>>
        const found = map.get(id)
        if (!found)
          return stripeError(res, 404, 'invalid_request_error', `No such ${kind.slice(0, -1)}: '${id}'`)
        return json(res, 200, expanded(found, expandsOf(address.searchParams)))
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
    paymentIntents,
    charges,
    balanceTransactions,
    expired,
    requests,
    get creates() {
      return creates
    },
    pay(sessionId, options) {
      const session = sessions.get(sessionId)
      if (!session) throw new Error(`No such session ${sessionId}`)
      if (session.status !== 'open') throw new Error(`Session ${sessionId} is ${session.status}`)
      const paid = charge(
        session.amount_total,
        metadataOf(session.sent, 'payment_intent_data[metadata]'),
        options,
      )
      session.status = 'complete'
      session.payment_status = 'paid'
      session.payment_intent = paid.paymentIntent
      return paid
    },
    charge,
    capture,
    refund(chargeId, amount, created = now()) {
      const charge = charges.get(chargeId)
      if (!charge) throw new Error(`No such charge ${chargeId}`)
      if (charge.amount_refunded + amount > charge.amount) throw new Error('Refund greater than charge')
      const refund: FakeRefund = {
        id: token('re'),
        object: 'refund',
        amount,
        charge: charge.id,
        currency: charge.currency,
        metadata: {},
        payment_intent: charge.payment_intent,
        reason: null,
        status: 'succeeded',
        created,
      }
      charge.amount_refunded += amount
      charge.refunded = charge.amount_refunded === charge.amount
      charge.refunds.data.unshift(refund)
      charge.refunds.total_count += 1
      // Copies: an event built now keeps what the charge was then.
      return { charge: structuredClone(charge), refund: { ...refund } }
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
    whileCreating: (work) => void (whileCreating = work),
    failNext: (n) => void (failures = n),
    env: { STRIPE_SECRET_KEY: secretKey, STRIPE_WEBHOOK_SECRET: webhookSecret, STRIPE_API_URL: url },
    reset() {
      sessions.clear()
      byIdempotencyKey.clear()
      paymentIntents.clear()
      charges.clear()
      balanceTransactions.clear()
      expired.length = 0
      requests.length = 0
      creates = 0
      failures = 0
      whileCreating = null
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
