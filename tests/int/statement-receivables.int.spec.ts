import { sql } from '@payloadcms/db-postgres'
import type { PostgresAdapter } from '@payloadcms/db-postgres'
import { commitTransaction, createLocalReq, initTransaction, killTransaction } from 'payload'
import { beforeEach, describe, expect, it } from 'vitest'

import { capturedMails } from '../helpers/captured-mail'
import { type Doc, setupHarness } from '../helpers/harness'
import { strictCsv } from '../helpers/csv'
import { migrateDownAndUp } from '../helpers/migrations'
import { seedDoneCar } from '../helpers/statements'

import { issueStatements } from '@/collections/Statements/issue'
import { recordStatementPayment } from '@/collections/Statements/recordPayment'
import { readDealershipBalances } from '@/data/receivables'
import { zonedTime } from '@/lib/business-time'
import { PAYMENTS_CSV_HEADER } from '@/lib/payments-csv'
import { STATEMENT_PAYMENT_ERRORS } from '@/lib/statement-balance'
import { businessDay, parsePeriod, previousPeriod } from '@/lib/statements'
import type { Statement } from '@/payload-types'
import { emptyCollections } from '../helpers/payload'

// A statement as a bill: "Record a payment" on its page (POST /api/statements/:id/payments, a
// plain form) takes the dealership's check, ACH or card off its balance, never beyond it, even
// with two recordings at once; its state (unpaid, part paid, paid, overdue) and each
// dealership's open balance follow; and a statement still owing after its due day is reminded
// once, by e-mail to the billing address, whatever the runners.

const h = setupHarness({ http: true, partner: true })
const ZONE = 'America/Chicago'
const db = () => (h.payload.db as unknown as PostgresAdapter).drizzle
const rows = async <T = Doc>(query: ReturnType<typeof sql>) =>
  ((await db().execute(query)) as unknown as { rows: T[] }).rows
const LAST = previousPeriod(new Date(), ZONE)
const today = () => businessDay(new Date().toISOString(), ZONE)
const daysBefore = (day: string, days: number) =>
  new Date(Date.parse(`${day}T12:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10)
// A billing address of each test's own: the captured mail stays from one test to the next.
let mailbox = 0
let BILLING = ''

beforeEach(async () => {
  BILLING = `accounts-${++mailbox}@capital-city.test`
  await db().execute(sql`DELETE FROM statement_payments`)
  await emptyCollections(h.payload, ['statement-credits', 'statements', 'work-orders', 'payload-jobs'])
  await db().execute(sql`DELETE FROM statement_counters`)
  await db().execute(sql`DELETE FROM email_deliveries`)
  await h.payload.updateGlobal({ slug: 'site-settings', data: { timeZone: ZONE } })
  for (const [id, name] of [
    [h.dealerships.own, 'Capital City Motors'],
    [h.dealerships.other, 'Lakeline Auto Group'],
  ] as const) {
    await h.payload.update({
      collection: 'dealerships',
      id,
      data: {
        name,
        netTermsDays: 30,
        ...(id === h.dealerships.own ? { billingEmail: BILLING } : {}),
        priceList: [{ service: 'rim_rash', unitPriceCents: 9_000 }],
      },
    })
  }
})

/** Last month's statement of a dealership: `wheels` rim-rash wheels at $90.00. */
async function issued(dealership = h.dealerships.own, wheels = 2): Promise<Statement> {
  const p = parsePeriod(LAST)!
  await seedDoneCar(h.payload, dealership, h.userOf('staff') as Doc, {
    stockNumber: `A${dealership}`,
    wheels: ['LF', 'RF', 'LR', 'RR']
      .slice(0, wheels)
      .map((position) => ({ position, doneAt: zonedTime(ZONE, p.year, p.month, 10, 12).toISOString() })),
  })
  await issueStatements(h.payload, LAST)
  const { docs } = await h.payload.find({
    collection: 'statements',
    where: { dealership: { equals: dealership } },
  })
  return docs[0]
}

/** Issued `days` days ago in the business's days (at noon), so its due day moves with it. */
async function issuedDaysAgo(statement: Statement, days: number) {
  const [y, m, d] = daysBefore(today(), days).split('-').map(Number)
  await db().execute(
    sql`UPDATE statements SET issued_at = ${zonedTime(ZONE, y, m, d, 12).toISOString()}::timestamptz WHERE id = ${statement.id}`,
  )
}

type Options = { persona?: 'anonymous' | 'unapproved' | 'staff' | 'admin' | 'partner'; json?: boolean }
const pay = (id: number, fields: Record<string, string> = {}, o: Options = {}) =>
  h.http.post(`/api/statements/${id}/payments`, {
    session: h.sessionOf(o.persona ?? 'admin'),
    body: new URLSearchParams({
      amount: '100.00',
      method: 'check',
      date: today(),
      reference: '1042',
      ...fields,
    }).toString(),
    headers: {
      'Content-Type': 'application/x-www-form-urlencoded',
      ...(o.json === false ? {} : { Accept: 'application/json' }),
    },
  })

const stored = async (id: number) => {
  const statement = await h.payload.findByID({ collection: 'statements', id, depth: 0 })
  const payments = await rows(sql`SELECT * FROM statement_payments WHERE statement_id = ${id} ORDER BY id`)
  return { paidCents: statement.paidCents, payments }
}

describe('recording a payment', () => {
  it('takes a check off the balance and keeps what was typed', async () => {
    const s = await issued()
    expect(s.totalCents).toBe(18_000)
    expect(s.paidCents).toBe(0)
    const res = await pay(s.id, { amount: '$100.50', method: 'check', reference: ' 1042 ' })
    expect(res.status).toBe(201)
    expect(res.body).toEqual({ message: 'Payment recorded' })
    const after = await stored(s.id)
    expect(after.paidCents).toBe(10_050)
    expect(after.payments).toHaveLength(1)
    expect(after.payments[0]).toMatchObject({ method: 'check', reference: '1042' })
    expect(Number(after.payments[0].amount_cents)).toBe(10_050)
    expect(after.payments[0].created_by_id).toBe(h.userOf('admin')!.id)
    // An ACH transfer of the rest, dated a week back: received at noon that business day.
    const day = daysBefore(today(), 7)
    expect((await pay(s.id, { amount: '79.50', method: 'ach', date: day, reference: '' })).status).toBe(201)
    const paid = await stored(s.id)
    expect(paid.paidCents).toBe(18_000)
    expect(paid.payments[1]).toMatchObject({ method: 'ach', reference: null })
    expect(businessDay(new Date(paid.payments[1].received_at).toISOString(), ZONE)).toBe(day)

    // The bookkeeper's payments CSV has both, as the statement's payments, the dealership's.
    const exported = await h.http.get(`/api/payments/export.csv?from=${day}&to=${today()}`, {
      session: h.sessionOf('staff'),
    })
    expect(exported.status).toBe(200)
    const lines = strictCsv(exported.text)
    expect(lines[0]).toEqual(PAYMENTS_CSV_HEADER)
    expect(
      lines
        .slice(1)
        .filter((line) => line[1] === s.number)
        .map((line) => line.slice(1)),
    ).toEqual([
      [s.number, 'Capital City Motors', 'ACH', 'Statement payment', '79.50', '', ''],
      [s.number, 'Capital City Motors', 'Check', 'Statement payment', '100.50', '', '1042'],
    ])
  })

  it('answers the plain form with a 303 back to the statement’s page, naming the outcome', async () => {
    const s = await issued()
    const done = await pay(s.id, { amount: '20' }, { json: false })
    expect(done.status).toBe(303)
    expect(done.headers.get('location')).toBe(`/admin/collections/statements/${s.id}?done=payment`)
    const refused = await pay(s.id, { amount: '0' }, { json: false })
    expect(refused.status).toBe(303)
    expect(refused.headers.get('location')).toBe(`/admin/collections/statements/${s.id}?error=amount`)
    expect((await stored(s.id)).paidCents).toBe(2_000)
  })

  it('refuses bad input with a 4xx and its reason, storing nothing', async () => {
    const s = await issued()
    const cases: [Record<string, string>, number, string][] = [
      [{ amount: '0' }, 400, STATEMENT_PAYMENT_ERRORS.amount],
      [{ amount: '0.00' }, 400, STATEMENT_PAYMENT_ERRORS.amount],
      [{ amount: '-5.00' }, 400, STATEMENT_PAYMENT_ERRORS.amount],
      [{ amount: '10.005' }, 400, STATEMENT_PAYMENT_ERRORS.amount],
      [{ amount: 'ten' }, 400, STATEMENT_PAYMENT_ERRORS.amount],
      [{ amount: '' }, 400, STATEMENT_PAYMENT_ERRORS.amount],
      [{ amount: '180.01' }, 409, 'That is more than the statement’s balance.'],
      [{ method: 'cash' }, 400, STATEMENT_PAYMENT_ERRORS.method],
      [{ method: '' }, 400, STATEMENT_PAYMENT_ERRORS.method],
      [{ date: daysBefore(today(), -1) }, 400, STATEMENT_PAYMENT_ERRORS.date],
      [{ date: daysBefore(today(), 91) }, 400, STATEMENT_PAYMENT_ERRORS.date],
      [{ date: '2026-02-30' }, 400, STATEMENT_PAYMENT_ERRORS.date],
      [{ date: '' }, 400, STATEMENT_PAYMENT_ERRORS.date],
      [{ reference: 'x'.repeat(101) }, 400, STATEMENT_PAYMENT_ERRORS.reference],
      [{ reference: '1042\n1043' }, 400, STATEMENT_PAYMENT_ERRORS.reference],
    ]
    for (const [fields, status, message] of cases) {
      const res = await pay(s.id, fields)
      expect({ fields, status: res.status, body: res.body }).toEqual({
        fields,
        status,
        body: { errors: [{ message }] },
      })
    }
    expect((await pay(999_999, {})).status).toBe(404)
    expect(await stored(s.id)).toEqual({ paidCents: 0, payments: [] })
  })

  it('is the admins’ to record: staff, partners and strangers are refused', async () => {
    const s = await issued()
    for (const persona of ['anonymous', 'unapproved', 'staff', 'partner'] as const) {
      expect({ persona, status: (await pay(s.id, {}, { persona })).status }).toEqual({ persona, status: 403 })
    }
    // No one writes a payment, or the amount paid, through Payload's own API.
    const api = await h.http.post('/api/statement-payments', {
      session: h.sessionOf('admin'),
      json: { statement: s.id, method: 'check', amountCents: 100, receivedAt: new Date().toISOString() },
    })
    expect(api.status).toBe(403)
    expect(await stored(s.id)).toEqual({ paidCents: 0, payments: [] })
  })

  it('refuses any payment once the statement is paid in full', async () => {
    const s = await issued()
    expect((await pay(s.id, { amount: '180' })).status).toBe(201)
    const res = await pay(s.id, { amount: '0.01' })
    expect(res.status).toBe(409)
    expect(res.body.errors[0].message).toBe(STATEMENT_PAYMENT_ERRORS.paid)
    expect((await stored(s.id)).payments).toHaveLength(1)
  })

  it('records the same form sent twice once', async () => {
    const s = await issued()
    const key = 'statement-form-0000000001'
    const [a, b] = await Promise.all([pay(s.id, { key }), pay(s.id, { key })])
    expect([a.status, b.status]).toEqual([201, 201])
    expect(await stored(s.id)).toMatchObject({ paidCents: 10_000, payments: [{ method: 'check' }] })
  })

  it('never pays a statement beyond its total when two recordings race', async () => {
    const s = await issued()
    // Two phones post $100.00 each on a $180.00 statement at the same moment.
    const both = await Promise.all([pay(s.id, { reference: 'A' }), pay(s.id, { reference: 'B' })])
    expect(both.map((r) => r.status).sort()).toEqual([201, 409])
    expect((await stored(s.id)).paidCents).toBe(10_000)
    expect((await stored(s.id)).payments).toHaveLength(1)
  })

  it('makes the second of two recordings at once wait for the first, then refuses what no longer fits', async () => {
    const s = await issued()
    const input = (reference: string) => ({
      statement: s.id,
      method: 'ach' as const,
      amountCents: 10_000,
      receivedAt: new Date().toISOString(),
      reference,
      formKey: `race-${reference}`,
    })
    const first = await createLocalReq({}, h.payload)
    await initTransaction(first)
    expect(await recordStatementPayment(first, input('A'))).toMatchObject({
      recorded: true,
      paidCents: 10_000,
    })
    const second = await createLocalReq({}, h.payload)
    await initTransaction(second)
    let settled = false
    const waiting = recordStatementPayment(second, input('B')).finally(() => (settled = true))
    // The second holds on the statement's row until the first commits.
    await expect
      .poll(
        async () =>
          (
            await rows(sql`
      SELECT 1 FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND query LIKE '%FROM statements WHERE id%'`)
          ).length,
      )
      .toBe(1)
    expect(settled).toBe(false)
    await commitTransaction(first)
    expect(await waiting).toEqual({ recorded: false, refused: 'over', balanceCents: 8_000 })
    await killTransaction(second)
    expect((await stored(s.id)).paidCents).toBe(10_000)
  })

  it('has the database refuse a paid sum above the total, whatever writes it', async () => {
    const s = await issued()
    const error = await db()
      .execute(sql`UPDATE statements SET paid_cents = total_cents + 1 WHERE id = ${s.id}`)
      .then(
        () => null,
        (e: { cause?: { constraint?: string } }) => e.cause?.constraint ?? String(e),
      )
    expect(error).toBe('statements_paid_within_total')
  })
})

describe('state and balance', () => {
  it('gives each dealership its open balance and each open statement its state', async () => {
    const own = await issued(h.dealerships.own, 2) // $180.00
    const other = await issued(h.dealerships.other, 1) // $90.00
    const reader = { payload: h.payload, user: h.userOf('admin')! }
    const states = async () =>
      (await readDealershipBalances(reader, ZONE)).map((d) => ({
        name: d.name,
        balance: d.balanceCents,
        overdue: d.overdueCents,
        states: d.statements.map((s) => [s.number, s.state, s.balanceCents]),
      }))
    expect(await states()).toEqual([
      { name: 'Capital City Motors', balance: 18_000, overdue: 0, states: [[own.number, 'unpaid', 18_000]] },
      { name: 'Lakeline Auto Group', balance: 9_000, overdue: 0, states: [[other.number, 'unpaid', 9_000]] },
    ])
    expect((await pay(own.id, { amount: '150' })).status).toBe(201)
    expect(await states()).toEqual([
      { name: 'Lakeline Auto Group', balance: 9_000, overdue: 0, states: [[other.number, 'unpaid', 9_000]] },
      { name: 'Capital City Motors', balance: 3_000, overdue: 0, states: [[own.number, 'part_paid', 3_000]] },
    ])
    // Net 30: on the 30th day after it was issued it is due, from the 31st overdue.
    await issuedDaysAgo(own, 30)
    expect((await states())[1].states).toEqual([[own.number, 'part_paid', 3_000]])
    await issuedDaysAgo(own, 31)
    await issuedDaysAgo(other, 31)
    expect(await states()).toEqual([
      {
        name: 'Lakeline Auto Group',
        balance: 9_000,
        overdue: 9_000,
        states: [[other.number, 'overdue', 9_000]],
      },
      {
        name: 'Capital City Motors',
        balance: 3_000,
        overdue: 3_000,
        states: [[own.number, 'overdue', 3_000]],
      },
    ])
    // Paid in full, it leaves the list, overdue or not.
    expect((await pay(own.id, { amount: '30', method: 'card' })).status).toBe(201)
    expect((await states()).map((d) => d.name)).toEqual(['Lakeline Auto Group'])
  })
})

describe('the overdue reminder', () => {
  const runJobs = () => h.payload.jobs.run({ silent: true })
  const runTwice = () => Promise.all([runJobs(), runJobs()])
  // The scheduled task queued as two instances would, run by two runners side by side, then
  // the e-mails it queued.
  async function remindRun() {
    await h.payload.jobs.queue({ task: 'remindOverdueStatements', input: {} })
    await h.payload.jobs.queue({ task: 'remindOverdueStatements', input: {} })
    await runTwice()
    await runTwice()
  }
  const reminders = (number: string) =>
    capturedMails(BILLING).filter((m) => m.includes(`Subject: Reminder: statement ${number} is overdue`))
  const remindedAt = async (id: number) =>
    (await h.payload.findByID({ collection: 'statements', id, depth: 0 })).remindedAt ?? null

  it('e-mails the billing address once when a statement becomes overdue, with two runners', async () => {
    const s = await issued()
    await runTwice() // the statement's own e-mail
    expect((await pay(s.id, { amount: '50' })).status).toBe(201)
    await issuedDaysAgo(s, 30)
    await remindRun()
    expect(reminders(s.number)).toEqual([])
    expect(await remindedAt(s.id)).toBeNull()

    await issuedDaysAgo(s, 31)
    await remindRun()
    await remindRun()
    const mails = reminders(s.number)
    expect(mails).toHaveLength(1)
    expect(mails[0]).toContain(`Subject: Reminder: statement ${s.number} is overdue, $130.00 due`)
    expect(mails[0]).toContain('Balance due: $130.00')
    expect(mails[0]).toContain('/partners/statements')
    expect(await remindedAt(s.id)).not.toBeNull()
    const sendings = await h.payload.find({
      collection: 'payload-jobs',
      where: { taskSlug: { equals: 'sendStatementReminder' } },
    })
    expect(sendings.totalDocs).toBe(1)
  })

  it('reminds no one of a statement paid in full, even one paid after its reminder was claimed', async () => {
    const paid = await issued(h.dealerships.own)
    expect((await pay(paid.id, { amount: '180' })).status).toBe(201)
    await issuedDaysAgo(paid, 45)
    await remindRun()
    expect(reminders(paid.number)).toEqual([])
    expect(await remindedAt(paid.id)).toBeNull()

    await h.payload.update({
      collection: 'dealerships',
      id: h.dealerships.other,
      data: { billingEmail: BILLING },
    })
    const late = await issued(h.dealerships.other, 1)
    await runTwice()
    await issuedDaysAgo(late, 45)
    // Claimed, then the check is recorded before its e-mail goes.
    await h.payload.jobs.queue({ task: 'remindOverdueStatements', input: {} })
    await h.payload.jobs.run({ silent: true, limit: 1 })
    expect(await remindedAt(late.id)).not.toBeNull()
    expect((await pay(late.id, { amount: '90' })).status).toBe(201)
    await runTwice()
    expect(reminders(late.number)).toEqual([])
  })
})

describe('the statement_receivables migration', () => {
  it('goes down with payments and reminders stored, and up again', async () => {
    const s = await issued()
    expect((await pay(s.id, { amount: '50' })).status).toBe(201)
    await h.payload.jobs.queue({ task: 'remindOverdueStatements', input: {} })
    await h.payload.jobs.queue({ task: 'sendStatementReminder', input: { statementId: s.id } })
    await migrateDownAndUp(h.payload, 'statement_receivables')
    // The statement stays, owing its total again; its payments went with their table.
    expect(await stored(s.id)).toEqual({ paidCents: 0, payments: [] })
    expect((await pay(s.id, { amount: '180.01' })).status).toBe(409)
  })
})
