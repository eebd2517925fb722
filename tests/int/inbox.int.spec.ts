import { sql } from '@payloadcms/db-postgres'
import type { PostgresAdapter } from '@payloadcms/db-postgres'
import { beforeAll, beforeEach, describe, expect, it } from 'vitest'

import { tablesHolding, eraseListed } from '../helpers/erase'
import { seedLead } from '../helpers/fixtures'
import { type Account, type Doc, setupHarness } from '../helpers/harness'
import { clearRateLimits, createUser, emptyCollections } from '../helpers/payload'
import { postWebhook } from '../helpers/text-webhooks'
import { withFakeTwilio } from '../helpers/twilio-harness'
import type { FakeTwilio } from '../helpers/twilio-server'

import { INBOX_SIZE, countUnread, readInbox, readInboxPage } from '@/data/inbox'
import { openConversationPath } from '@/lib/inbox'
import { leadAdminPath } from '@/lib/server-url'
import { TEXT_WEBHOOKS } from '@/server/texts/provider'
import { inboundTextParams } from '@/server/texts/simulate'

// The back office's inbox: one conversation per customer number across its leads, newest
// first, unread per staff account until that account opens it (a plain form's post that
// records the read in PostgreSQL and leads to the job's page).

const h = setupHarness({ http: true, partner: true })
let fake: FakeTwilio
let second: Account
const CUSTOMER = '+15125550177'
const OTHER = '+15125550188'
const OWNER_PHONE = '+15125550199'

const db = () => (h.payload.db as unknown as PostgresAdapter).drizzle
const rows = async <T = Doc>(query: ReturnType<typeof sql>) =>
  ((await db().execute(query)) as unknown as { rows: T[] }).rows
const reads = () =>
  rows<{ user_id: number; phone: string }>(
    sql`SELECT user_id, phone FROM conversation_reads ORDER BY user_id, phone`,
  )
const readerOf = (account: Account) => ({ payload: h.payload, user: account.user })

// A text as the webhook or the sender stores it, `minutesAgo` old.
async function text(
  lead: number,
  direction: 'in' | 'out',
  body: string,
  minutesAgo: number,
  options: { phone?: string; toBusiness?: boolean } = {},
) {
  const phone = options.phone ?? CUSTOMER
  const [from, to] = direction === 'in' ? [phone, fake.from] : [fake.from, phone]
  await db().execute(sql`
    INSERT INTO text_messages (direction, lead_id, from_number, to_number, body, status, to_business,
      media_count, created_at, updated_at)
    VALUES (${direction}, ${lead}, ${from}, ${to}, ${body}, ${direction === 'in' ? 'received' : 'delivered'},
      ${options.toBusiness ?? false}, 0, now() - make_interval(mins => ${minutesAgo}), now())`)
}

const open = (lead: number, account: Account | null, origin?: string | null) =>
  h.http.post(openConversationPath(lead), {
    session: account?.session ?? null,
    body: '',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    origin,
  })

withFakeTwilio((started) => (fake = started))

beforeAll(async () => {
  const account = await createUser(h.payload, 'staff')
  second = { ...account, session: await h.http.login(account.email, account.password) }
})

let first: Doc
let newer: Doc
let other: Doc

beforeEach(async () => {
  fake.reset()
  await emptyCollections(h.payload, ['text-messages', 'lead-events', 'leads', 'payload-jobs'])
  await db().execute(sql`DELETE FROM conversation_reads`)
  await clearRateLimits(h.payload)
  // One customer's two cars (two leads of one number), and another customer.
  first = await seedLead(h.payload, { firstName: 'Maria', lastName: 'Gonzalez', phone: '(512) 555-0177' })
  newer = await seedLead(h.payload, { firstName: 'Maria', lastName: 'Gonzalez', phone: '512-555-0177' })
  other = await seedLead(h.payload, { firstName: 'Sam', lastName: 'Lee', phone: '(512) 555-0188' })
  await text(first.id, 'in', 'Hi, my rim is curbed', 60)
  await text(first.id, 'out', 'We can come Tuesday', 50)
  // The owner's alert about the lead, to the owner's own phone: no conversation of its own.
  await text(first.id, 'out', 'New text from Maria', 49, { phone: OWNER_PHONE, toBusiness: true })
  await text(other.id, 'out', 'Your quote is $90', 40, { phone: OTHER })
  await text(
    newer.id,
    'in',
    'And the second car has a scuffed rim on the rear driver side too, can you quote both?',
    30,
  )
})

describe('the conversations', () => {
  it("are one per customer number across that number's leads, newest first, with the newest text's job", async () => {
    const inbox = await readInbox(readerOf(h.accounts.staff))
    expect(inbox.map(({ at, ...rest }) => ({ ...rest, dated: !Number.isNaN(Date.parse(at)) }))).toEqual([
      {
        phone: CUSTOMER,
        lead: newer.id,
        name: 'Maria Gonzalez',
        lastWords: 'And the second car has a scuffed rim on the rear driver side too, can you quote…',
        fromCustomer: true,
        unread: true,
        // The same number's first car.
        otherJobs: 1,
        dated: true,
      },
      {
        phone: OTHER,
        lead: other.id,
        name: 'Sam Lee',
        lastWords: 'Your quote is $90',
        fromCustomer: false,
        // Nothing from this customer yet: nothing to read.
        unread: false,
        otherJobs: 0,
        dated: true,
      },
    ])
  })

  it('come a page at a time, the next page beginning where the last ended', async () => {
    // 60 more numbers, one text each, older than the two conversations above.
    await db().execute(sql`
      INSERT INTO text_messages (direction, lead_id, from_number, to_number, body, status, to_business,
        media_count, created_at, updated_at)
      SELECT 'in', ${other.id}, '+1512666' || lpad(n::text, 4, '0'), ${fake.from}, 'Text ' || n, 'received',
        false, 0, now() - make_interval(mins => 100 + n), now()
      FROM generate_series(1, 60) n`)
    const reader = readerOf(h.accounts.staff)
    const first = await readInboxPage(reader, 1)
    const second = await readInboxPage(reader, 2)
    expect([first.conversations.length, first.older, second.conversations.length, second.older]).toEqual([
      INBOX_SIZE,
      true,
      62 - INBOX_SIZE,
      false,
    ])
    const phones = [...first.conversations, ...second.conversations].map((c) => c.phone)
    expect(new Set(phones).size).toBe(62)
    expect(phones.slice(0, 3)).toEqual([CUSTOMER, OTHER, '+15126660001'])
    expect(phones.at(-1)).toBe('+15126660060')
    expect(await readInboxPage(reader, 3)).toEqual({ conversations: [], older: false })
  })

  it('name a lead that names nobody by its number', async () => {
    await db().execute(sql`UPDATE leads SET first_name = '', last_name = '' WHERE id = ${other.id}`)
    const inbox = await readInbox(readerOf(h.accounts.staff))
    expect(inbox.find((c) => c.phone === OTHER)?.name).toBe('(512) 555-0188')
  })
})

describe('reading a conversation', () => {
  it('is marked per staff account: opening it reads it for that account only, and leads to the job', async () => {
    expect(await countUnread(readerOf(h.accounts.staff))).toBe(1)
    expect(await countUnread(readerOf(second))).toBe(1)

    // Opened from the older lead's row (a stale page): the number's conversation is read.
    const res = await open(first.id, h.accounts.staff)
    expect({ status: res.status, location: res.headers.get('location') }).toEqual({
      status: 303,
      location: leadAdminPath(first.id),
    })
    expect(await countUnread(readerOf(h.accounts.staff))).toBe(0)
    expect((await readInbox(readerOf(h.accounts.staff))).map((c) => c.unread)).toEqual([false, false])
    // The other staff account and the admin have not read it.
    expect(await countUnread(readerOf(second))).toBe(1)
    expect(await countUnread(readerOf(h.accounts.admin))).toBe(1)
    expect((await readInbox(readerOf(second)))[0].unread).toBe(true)
    expect(await reads()).toEqual([{ user_id: h.accounts.staff.user.id, phone: CUSTOMER }])
  })

  it("is unread again when the customer texts after it was opened, through the provider's webhook", async () => {
    await open(newer.id, h.accounts.staff)
    // The owner's own reply leaves it read.
    await text(newer.id, 'out', 'Sure, both on Tuesday', 0)
    expect(await countUnread(readerOf(h.accounts.staff))).toBe(0)
    const params = inboundTextParams({
      accountSid: fake.accountSid,
      from: CUSTOMER,
      to: fake.from,
      body: 'Great, see you then',
    })
    expect((await postWebhook(h.http, TEXT_WEBHOOKS.inbound, params, { token: fake.authToken })).status).toBe(
      200,
    )
    expect(await countUnread(readerOf(h.accounts.staff))).toBe(1)
    const [top] = await readInbox(readerOf(h.accounts.staff))
    expect({ phone: top.phone, lastWords: top.lastWords, unread: top.unread }).toEqual({
      phone: CUSTOMER,
      lastWords: 'Great, see you then',
      unread: true,
    })
  })

  it('keeps one row per account and number however often and concurrently it is opened', async () => {
    const answers = await Promise.all([
      open(newer.id, h.accounts.staff),
      open(newer.id, h.accounts.staff),
      open(first.id, h.accounts.staff),
      open(newer.id, second),
    ])
    expect(answers.map((a) => a.status)).toEqual([303, 303, 303, 303])
    expect(await reads()).toEqual(
      [
        { user_id: h.accounts.staff.user.id, phone: CUSTOMER },
        { user_id: second.user.id, phone: CUSTOMER },
      ].sort((a, b) => a.user_id - b.user_id),
    )
  })

  it('counts the unread conversations, not their texts', async () => {
    await text(other.id, 'in', 'Is Friday possible?', 5, { phone: OTHER })
    await text(other.id, 'in', 'Or Saturday', 4, { phone: OTHER })
    await text(newer.id, 'in', 'Also, the price?', 3)
    expect(await countUnread(readerOf(h.accounts.staff))).toBe(2)
    await open(other.id, h.accounts.staff)
    expect(await countUnread(readerOf(h.accounts.staff))).toBe(1)
  })

  it('refuses a job that does not exist or has no number, and a malformed one, changing nothing', async () => {
    // A lead staff typed in with no number to text (as the database may hold one).
    const phoneless = await seedLead(h.payload)
    await db().execute(sql`UPDATE leads SET phone = 'walk-in', phone_e164 = NULL WHERE id = ${phoneless.id}`)
    const cases: [string, number][] = [
      ['/api/text-messages/conversations/abc/open', 404],
      ['/api/text-messages/conversations/99999999999/open', 404],
      [openConversationPath(2_000_000_000), 404],
    ]
    for (const [path, status] of cases) {
      const res = await h.http.post(path, {
        session: h.accounts.staff.session,
        body: '',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      })
      expect({ path, status: res.status }).toEqual({ path, status })
    }
    // Not a form, or more than the form ever sends.
    const json = await h.http.post(openConversationPath(newer.id), {
      session: h.accounts.staff.session,
      json: {},
    })
    expect(json.status).toBe(415)
    const large = await h.http.post(openConversationPath(newer.id), {
      session: h.accounts.staff.session,
      body: `x=${'a'.repeat(4096)}`,
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    })
    expect(large.status).toBe(413)
    const res = await open(phoneless.id, h.accounts.staff)
    expect({ status: res.status, body: res.body }).toEqual({
      status: 422,
      body: { errors: [{ message: 'This job has no phone number to text.' }] },
    })
    expect(await reads()).toEqual([])
  })
})

describe('access', () => {
  it('only approved staff can mark a conversation read: not anonymous, unapproved or dealer partners', async () => {
    for (const account of [null, h.accounts.unapproved, h.accounts.partner]) {
      const res = await open(newer.id, account)
      expect({ status: res.status, body: res.body }).toEqual({
        status: 403,
        body: { errors: [{ message: 'You are not allowed to perform this action.' }] },
      })
    }
    // Another site's form, with the staff account's cookie: anonymous to Payload.
    const crossSite = await open(newer.id, h.accounts.staff, 'https://evil.example')
    expect(crossSite.status).toBe(403)
    // A GET (a link from anywhere) marks nothing.
    const get = await h.http.get(openConversationPath(newer.id), { session: h.accounts.staff.session })
    expect(get.status).toBe(404)
    expect(await reads()).toEqual([])
    expect(await countUnread(readerOf(h.accounts.staff))).toBe(1)
  })

  it('only approved staff have an inbox and a count', async () => {
    for (const user of [null, h.accounts.unapproved.user, h.accounts.partner.user]) {
      expect(await readInbox({ payload: h.payload, user })).toEqual([])
      expect(await countUnread({ payload: h.payload, user })).toBe(0)
    }
  })
})

describe('the read state', () => {
  it("goes with the staff account, and with the customer's erasure", async () => {
    await open(newer.id, h.accounts.staff)
    await open(other.id, h.accounts.staff)
    await open(newer.id, second)
    await h.payload.delete({ collection: 'users', id: second.user.id, overrideAccess: true })
    expect((await reads()).map((r) => r.phone)).toEqual([CUSTOMER, OTHER])
    const erased = await eraseListed(h.http, h.accounts.admin.session, { phone: '(512) 555-0177' })
    expect(erased.status).toBe(200)
    expect(await reads()).toEqual([{ user_id: h.accounts.staff.user.id, phone: OTHER }])
    expect(await tablesHolding(h.payload, ['5125550177'])).toEqual([])
  })
})
