import { sql } from '@payloadcms/db-postgres'
import type { PostgresAdapter } from '@payloadcms/db-postgres'
import { describe, expect, it, vi } from 'vitest'

import { AUTH_DOORS } from '@/collections/Users/hooks/limitAuthAttempts'
import { hitRateLimit, rateLimiter } from '@/server/rate-limit'

import { setupHarness } from '../helpers/harness'
import type { HttpResult } from '../helpers/http-client'

// The account doors (sign-up, login, password reset) are limited per client address and
// per target e-mail, in PostgreSQL, over every route to them; answers over the limit are
// a 429 with Retry-After and the door's message.
const h = setupHarness({ http: true })

let seq = 0
const address = () => `198.51.100.${++seq}`
const email = (what: string) => `${what}-${++seq}-${Date.now()}@curbside.test`
const password = 'rim-repair-on-lamar'

function expectLimited(res: HttpResult, message: string) {
  expect(res.status).toBe(429)
  expect(res.body).toEqual({
    errors: [{ name: expect.any(String), message, data: { retryAfterSeconds: expect.any(Number) } }],
  })
  const retryAfter = Number(res.headers.get('retry-after'))
  expect(retryAfter).toBeGreaterThan(0)
  expect(retryAfter).toBeLessThanOrEqual(3600)
}

const signUp = (client: string, account: string) =>
  h.http.post('/api/users', { json: { email: account, password }, headers: { 'X-Forwarded-For': client } })
const login = (client: string, account: string, secret: string) =>
  h.http.post('/api/users/login', {
    json: { email: account, password: secret },
    headers: { 'X-Forwarded-For': client },
  })
const forgot = (client: string, account: string) =>
  h.http.post('/api/users/forgot-password', {
    json: { email: account },
    headers: { 'X-Forwarded-For': client },
  })

describe('sign-up', () => {
  it('five per address an hour; the sixth is refused, another address is not', async () => {
    const client = address()
    for (let i = 0; i < AUTH_DOORS.create.perAddress.max; i++)
      expect((await signUp(client, email('many'))).status).toBe(201)
    const refused = email('refused')
    expectLimited(await signUp(client, refused), AUTH_DOORS.create.message)
    expect(
      (await h.payload.count({ collection: 'users', where: { email: { equals: refused } } })).totalDocs,
    ).toBe(0)
    expect((await signUp(address(), email('elsewhere'))).status).toBe(201)
  })

  it('three per target e-mail an hour, from any address, refused attempts included', async () => {
    const target = email('target')
    // A known address is answered as a new one (it cannot be told apart), and still counts.
    for (let i = 0; i < AUTH_DOORS.create.perEmail.max; i++)
      expect((await signUp(address(), target)).status).toBe(201)
    expectLimited(await signUp(address(), target), AUTH_DOORS.create.message)
  })

  it('an IPv6 client is one client across its /64', async () => {
    for (let i = 1; i <= AUTH_DOORS.create.perAddress.max; i++) {
      expect((await signUp(`2001:db8:77:1::${i.toString(16)}`, email('v6'))).status).toBe(201)
    }
    expectLimited(await signUp('2001:db8:77:1:ffff:ffff:ffff:fffe', email('v6')), AUTH_DOORS.create.message)
    expect((await signUp('2001:db8:77:2::1', email('v6'))).status).toBe(201)
  })
})

describe('login', () => {
  it('failed attempts add up per address; successful ones do not', async () => {
    const client = address()
    const account = h.accounts.staff
    for (let i = 0; i < AUTH_DOORS.login.perAddress.max + 5; i++) {
      expect((await login(client, account.email, account.password)).status).toBe(200)
    }
    for (let i = 0; i < AUTH_DOORS.login.perAddress.max; i++) {
      expect((await login(client, email('nobody'), 'wrong-password-here')).status).toBe(401)
    }
    expectLimited(await login(client, account.email, account.password), AUTH_DOORS.login.message)
    expect((await login(address(), account.email, account.password)).status).toBe(200)
  })

  it('failed attempts add up per target e-mail and client, over REST and GraphQL alike', async () => {
    const target = email('guessed')
    const client = address()
    const gql = (from: string) =>
      h.http.post('/api/graphql', {
        json: {
          query:
            'mutation ($email: String!, $password: String!) { loginUser(email: $email, password: $password) { token } }',
          variables: { email: target, password: 'wrong-password-here' },
        },
        headers: { 'X-Forwarded-For': from },
      })
    for (let i = 0; i < AUTH_DOORS.login.perEmail.max; i++) {
      const res = i % 2 ? await gql(client) : await login(client, target, 'wrong-password-here')
      expect(res.status === 401 || (res.status === 200 && res.body.errors)).toBeTruthy()
    }
    expectLimited(await login(client, target, 'wrong-password-here'), AUTH_DOORS.login.message)
    expect((await gql(client)).body.errors[0].message).toBe(AUTH_DOORS.login.message)
    // Another client guessing at the same account is not refused for this one's guesses.
    expect((await login(address(), target, 'wrong-password-here')).status).toBe(401)
  })
})

describe('forgot password', () => {
  it('three reset e-mails per target address an hour, five requests per client address', async () => {
    const target = h.accounts.unapproved.email
    for (let i = 0; i < AUTH_DOORS.forgotPassword.perEmail.max; i++)
      expect((await forgot(address(), target)).status).toBe(200)
    expectLimited(await forgot(address(), target), AUTH_DOORS.forgotPassword.message)

    const client = address()
    for (let i = 0; i < AUTH_DOORS.forgotPassword.perAddress.max; i++)
      expect((await forgot(client, email('x'))).status).toBe(200)
    expectLimited(await forgot(client, email('x')), AUTH_DOORS.forgotPassword.message)
  })
})

describe('counters', () => {
  it('are shared through PostgreSQL and old ones are pruned', async () => {
    const db = h.payload.db as unknown as PostgresAdapter
    const rule = AUTH_DOORS.login.perAddress
    await db.drizzle.execute(sql`
      INSERT INTO rate_limit_points (key, points, expire)
      VALUES ('login:address:203.0.113.250', 3, ${Date.now() - 2 * 24 * 3600_000})`)
    // An expired window no longer counts: the next hit starts a new one.
    expect(await hitRateLimit(h.payload, 'login:address:203.0.113.250', rule)).toMatchObject({
      allowed: true,
    })
    const hits = await db.drizzle.execute(
      sql`SELECT points FROM rate_limit_points WHERE key = 'login:address:203.0.113.250'`,
    )
    expect((hits as unknown as { rows: { points: number }[] }).rows).toEqual([{ points: 1 }])
    // The limiter's own timer deletes what expired over an hour ago, every five minutes.
    await db.drizzle.execute(sql`UPDATE rate_limit_points SET expire = ${Date.now() - 2 * 3600_000}`)
    vi.useFakeTimers({ toFake: ['setTimeout', 'Date'] })
    try {
      rateLimiter(h.payload, { max: 99, windowSeconds: 99 })
      await vi.advanceTimersByTimeAsync(5 * 60_000)
    } finally {
      vi.useRealTimers()
    }
    await expect
      .poll(
        async () =>
          (
            (await db.drizzle.execute(sql`SELECT key FROM rate_limit_points`)) as unknown as {
              rows: unknown[]
            }
          ).rows,
      )
      .toEqual([])
  })

  it('the server itself (Local API) and admins creating accounts are not limited', async () => {
    const client = address()
    for (let i = 0; i < AUTH_DOORS.create.perAddress.max + 2; i++) {
      const res = await h.http.post('/api/users', {
        session: h.sessionOf('admin'),
        json: { email: email('by-admin'), password },
        headers: { 'X-Forwarded-For': client },
      })
      expect(res.status).toBe(201)
    }
  })
})
