import { sql } from '@payloadcms/db-postgres'
import type { PostgresAdapter } from '@payloadcms/db-postgres'
import { beforeEach, describe, expect, it } from 'vitest'

import { conventionalCsv } from '../helpers/csv'
import { attachmentBytesOf, attachmentOf, capturedMails } from '../helpers/captured-mail'
import { seedDealership } from '../helpers/dealers'
import { migrateDownAndUp } from '../helpers/migrations'
import { type Doc, setupHarness } from '../helpers/harness'
import { pdfText, pdfWords, poppler, seedDoneCar } from '../helpers/statements'

import { issueStatements } from '@/collections/Statements/issue'
import {
  STATEMENT_IS_FINAL,
  STATEMENTS_ARE_ISSUED,
} from '@/collections/Statements/hooks/keepIssuedStatements'
import { statementFiles } from '@/collections/Statements/statementFiles'
import { CARRIED_CREDIT_IS_FINAL } from '@/collections/StatementCredits'
import { formatCalendarDate, wallTime, zonedTime } from '@/lib/business-time'
import { dbOf } from '@/server/db'
import { parsePeriod, previousPeriod, STATEMENT_CSV_HEADER, statementCsv } from '@/lib/statements'
import type { Statement } from '@/payload-types'
import { emptyCollections } from '../helpers/payload'
import { xlsxRows } from '../helpers/xlsx'
import { XLSX_CONTENT_TYPE } from '@/lib/xlsx'

// The monthly statements: issued once per dealership and month whatever the runners, numbered
// without gaps, final once issued, carrying each pending credit once, e-mailed once with their
// PDF and CSV.

const h = setupHarness({ http: true, partner: true })
const TZ = 'America/Chicago'
const db = () => (h.payload.db as unknown as PostgresAdapter).drizzle
const rows = async <T = Doc>(query: ReturnType<typeof sql>) =>
  ((await db().execute(query)) as unknown as { rows: T[] }).rows

// Last month and the one before, whatever today is.
const LAST = previousPeriod(new Date(), TZ)
const BEFORE = (() => {
  const p = parsePeriod(LAST)!
  return p.month === 1 ? `${p.year - 1}-12` : `${p.year}-${String(p.month - 1).padStart(2, '0')}`
})()
const YEAR = parsePeriod(LAST)!.year
const at = (period: string, day: number, hour = 12, minute = 0) => {
  const p = parsePeriod(period)!
  return zonedTime(TZ, p.year, p.month, day, hour, minute).toISOString()
}
const staff = () => h.userOf('staff') as Doc
const statements = async () =>
  (await h.payload.find({ collection: 'statements', sort: 'number', pagination: false, depth: 0 })).docs
const refusal = async (write: Promise<unknown>) => {
  const error = (await write.then(
    () => null,
    (e: unknown) => e,
  )) as { message: string } | null
  return error?.message ?? 'accepted'
}

beforeEach(async () => {
  await emptyCollections(h.payload, ['statement-credits', 'statements', 'work-orders', 'payload-jobs'])
  await db().execute(sql`DELETE FROM statement_counters`)
  await db().execute(sql`DELETE FROM email_deliveries`)
  await h.payload.update({
    collection: 'dealerships',
    id: h.dealerships.own,
    data: {
      name: 'Capital City Motors',
      address: '',
      netTermsDays: 30,
      priceList: [
        { service: 'rim_rash', unitPriceCents: 9_000 },
        { service: 'rim_restoration', unitPriceCents: 20_000 },
      ],
    },
  })
})

describe('issuing a month', () => {
  it('gives each dealership with wheels done that month one statement: its lines, prices and total', async () => {
    await seedDoneCar(h.payload, h.dealerships.own, staff(), {
      stockNumber: 'B200',
      vin: 'JH4KA7561PC008269',
      po: 'PO-55',
      ro: 'RO-66',
      wheels: [
        { position: 'RF', doneAt: at(LAST, 3, 9) },
        { position: 'LF', service: 'rim_restoration', doneAt: at(LAST, 3, 9) },
        { position: 'LR', doneAt: null },
      ],
    })
    // Done in the month before (on no statement, before the first one's month): left out.
    await seedDoneCar(h.payload, h.dealerships.own, staff(), {
      stockNumber: 'OLD1',
      wheels: [{ position: 'LF', doneAt: at(BEFORE, 20) }],
    })
    // 11:30 pm on the month's first day in Austin; a different day in UTC.
    await seedDoneCar(h.payload, h.dealerships.own, staff(), {
      stockNumber: 'A100',
      vin: '1HGCM82633A004352',
      wheels: [{ position: 'spare', doneAt: at(LAST, 1, 23, 30) }],
    })
    await seedDoneCar(h.payload, h.dealerships.other, staff(), {
      stockNumber: 'L1',
      wheels: [{ position: 'LF', doneAt: at(LAST, 15) }],
    })
    await seedDealership(h.payload, 'Quiet Motors')

    const result = await issueStatements(h.payload, LAST)
    expect(result.issued.map((s) => s.number)).toEqual([`S${YEAR}-0001`, `S${YEAR}-0002`])
    const [own, other] = await statements()
    expect(other).toMatchObject({ dealership: h.dealerships.other, totalCents: 12_500 })
    expect(own).toMatchObject({
      number: `S${YEAR}-0001`,
      dealership: h.dealerships.own,
      period: LAST,
      dealershipName: 'Capital City Motors',
      netTermsDays: 30,
      subtotalCents: 38_000,
      creditCents: 0,
      totalCents: 38_000,
      creditLines: [],
    })
    const day = (d: number) => `${LAST}-${String(d).padStart(2, '0')}`
    expect(
      own.lines!.map((l) => [
        l.doneOn,
        l.stockNumber,
        l.vin,
        l.poNumber,
        l.roNumber,
        l.position,
        l.service,
        l.unitPriceCents,
      ]),
    ).toEqual([
      [day(1), 'A100', '1HGCM82633A004352', 'PO-7781', 'RO-2210', 'spare', 'rim_rash', 9_000],
      [day(3), 'B200', 'JH4KA7561PC008269', 'PO-55', 'RO-66', 'LF', 'rim_restoration', 20_000],
      [day(3), 'B200', 'JH4KA7561PC008269', 'PO-55', 'RO-66', 'RF', 'rim_rash', 9_000],
    ])

    // A price changed afterwards changes no issued statement, and a rerun issues nothing.
    await h.payload.update({
      collection: 'dealerships',
      id: h.dealerships.own,
      data: { name: 'Renamed Motors', priceList: [{ service: 'rim_rash', unitPriceCents: 1 }] },
    })
    expect((await issueStatements(h.payload, LAST)).issued).toEqual([])
    expect(await statements()).toEqual([own, other])
  })

  it('numbers gaplessly and once per dealership with two runners at once; the database refuses a second', async () => {
    const dealers = [h.dealerships.own, h.dealerships.other]
    for (let i = 0; i < 4; i += 1) dealers.push((await seedDealership(h.payload, `Dealer ${i}`)).id)
    for (const [i, dealership] of dealers.entries()) {
      await seedDoneCar(h.payload, dealership, staff(), {
        stockNumber: `D${i}`,
        wheels: [{ position: 'LF', doneAt: at(LAST, 2 + i) }],
      })
    }
    const credit = await h.payload.create({
      collection: 'statement-credits',
      data: { dealership: h.dealerships.own, description: 'Overcharged last month', amountCents: 1_500 },
    })

    const runs = await Promise.all([issueStatements(h.payload, LAST), issueStatements(h.payload, LAST)])
    expect(runs.reduce((n, r) => n + r.issued.length, 0)).toBe(dealers.length)
    const all = await statements()
    expect(all.map((s) => s.number)).toEqual(
      dealers.map((_, i) => `S${YEAR}-${String(i + 1).padStart(4, '0')}`),
    )
    expect(new Set(all.map((s) => s.dealership)).size).toBe(dealers.length)
    // The credit is on one statement, the own dealership's.
    const carrying = all.filter((s) => (s.creditLines ?? []).length > 0)
    expect(carrying.map((s) => [s.dealership, s.creditLines![0].creditId])).toEqual([
      [h.dealerships.own, credit.id],
    ])
    expect(await rows(sql`SELECT last FROM statement_counters`)).toEqual([{ last: dealers.length }])

    const error = await db()
      .execute(
        sql`INSERT INTO statements (dealership_id, number, period, issued_at, cutoff_at, dealership_name, billing_email, net_terms_days, subtotal_cents, credit_cents, total_cents)
        VALUES (${h.dealerships.own}, 'X-1', ${LAST}, now(), now(), 'x', 'x@x.test', 30, 0, 0, 0)`,
      )
      .then(
        () => null,
        (e: { cause?: { code?: string }; code?: string }) => e.cause?.code ?? e.code,
      )
    expect(error).toBe('23505')
  })

  it('issues one dealership’s only when asked to (the development seed’s demo)', async () => {
    for (const [dealership, stockNumber] of [
      [h.dealerships.own, 'O1'],
      [h.dealerships.other, 'T1'],
    ] as const) {
      await seedDoneCar(h.payload, dealership, staff(), {
        stockNumber,
        wheels: [{ position: 'LF', doneAt: at(LAST, 5) }],
      })
    }
    const only = await issueStatements(h.payload, LAST, { dealership: h.dealerships.other })
    expect(only.issued.map((s) => s.dealership)).toEqual([h.dealerships.other])
    expect((await statements()).map((s) => s.dealership)).toEqual([h.dealerships.other])
    expect((await issueStatements(h.payload, LAST)).issued.map((s) => s.dealership)).toEqual([
      h.dealerships.own,
    ])
  })

  it('refuses a month that has not begun, and a malformed one, issuing nothing', async () => {
    const next = new Date()
    next.setUTCMonth(next.getUTCMonth() + 2)
    const future = `${next.getUTCFullYear()}-${String(next.getUTCMonth() + 1).padStart(2, '0')}`
    expect(await refusal(issueStatements(h.payload, future))).toMatch(/has not begun/)
    expect(await refusal(issueStatements(h.payload, '2026-13'))).toMatch(/Not a month/)
    expect(await statements()).toEqual([])
  })
})

describe('a wheel being marked done while its month is issued', () => {
  it('is waited for: on this statement, never between two', async () => {
    const dealership = (await seedDealership(h.payload, 'Mark In Flight Motors')).id as number
    const month = new Intl.DateTimeFormat('en-CA', { timeZone: TZ }).format(new Date()).slice(0, 7)
    const earlier = new Date(Date.now() - 60_000).toISOString()
    const order = await seedDoneCar(h.payload, dealership, staff(), {
      stockNumber: 'F1',
      wheels: [
        { position: 'LF', doneAt: earlier },
        { position: 'RF', doneAt: null },
      ],
    })
    const wheel = order.vehicles[0].wheels[1].id as string
    // The technician's mark, not yet committed: it holds the order and has stamped the wheel.
    const transactionID = (await h.payload.db.beginTransaction())!
    const mark = await dbOf(h.payload, { transactionID })
    await mark.execute(sql`SELECT id FROM work_orders WHERE id = ${order.id} FOR UPDATE`)
    await mark.execute(
      sql`UPDATE work_orders_vehicles_wheels SET status = 'done', done_at = now() WHERE id = ${wheel}`,
    )
    const issuing = issueStatements(h.payload, month, { dealership })
    await expect
      .poll(
        async () =>
          (
            await rows<{ n: number }>(
              sql`SELECT count(*)::int AS n FROM pg_stat_activity WHERE wait_event_type = 'Lock'`,
            )
          )[0].n,
      )
      .toBeGreaterThan(0)
    await h.payload.db.commitTransaction(transactionID)
    await issuing

    const [issued] = await statements()
    expect((issued.lines ?? []).map((l) => l.position)).toEqual(['LF', 'RF'])
  })
})

describe('POST /api/statements/issue', () => {
  it('issues a month for an admin; refuses others and a malformed month, issuing nothing', async () => {
    await seedDoneCar(h.payload, h.dealerships.own, staff(), {
      stockNumber: 'E1',
      wheels: [{ position: 'LF', doneAt: at(LAST, 5) }],
    })
    const issue = (persona: 'admin' | 'staff' | 'partner' | 'anonymous', month: unknown) =>
      h.http.post('/api/statements/issue', { json: { month }, session: h.sessionOf(persona) })
    for (const persona of ['staff', 'partner', 'anonymous'] as const) {
      expect((await issue(persona, LAST)).status).toBe(403)
    }
    for (const month of ['2026-13', 'last month', null]) {
      const res = await issue('admin', month)
      expect([res.status, res.body.errors[0].message]).toEqual([
        400,
        'Give the month as YYYY-MM, e.g. 2026-11.',
      ])
    }
    expect(await statements()).toEqual([])
    const res = await issue('admin', LAST)
    expect([res.status, res.body]).toEqual([
      200,
      { message: `Issued statement S${YEAR}-0001.`, issued: [`S${YEAR}-0001`], alreadyIssued: 0 },
    ])
    const again = await issue('admin', LAST)
    expect(again.body).toMatchObject({ issued: [], message: expect.stringMatching(/^No new statements/) })
    expect(await statements()).toHaveLength(1)
  })
})

describe('POST /api/statements/issue when one dealership’s statement fails', () => {
  it('says which were issued and which dealership is still without one; again issues the rest', async () => {
    for (const [dealership, stock] of [
      [h.dealerships.own, 'G1'],
      [h.dealerships.other, 'G2'],
    ] as const) {
      await seedDoneCar(h.payload, dealership, staff(), {
        stockNumber: stock,
        wheels: [{ position: 'LF', doneAt: at(LAST, 6) }],
      })
    }
    const { name } = await h.payload.findByID({
      collection: 'dealerships',
      id: h.dealerships.other,
      depth: 0,
    })
    await db().execute(
      sql.raw(`
      CREATE FUNCTION refuse_statement() RETURNS trigger AS $$
      BEGIN RAISE EXCEPTION 'the disk is full'; END $$ LANGUAGE plpgsql;
      CREATE TRIGGER refuse_statement BEFORE INSERT ON statements
      FOR EACH ROW WHEN (NEW.dealership_id = ${Number(h.dealerships.other)}) EXECUTE FUNCTION refuse_statement();`),
    )
    const issue = () =>
      h.http.post('/api/statements/issue', { json: { month: LAST }, session: h.sessionOf('admin') })
    try {
      const res = await issue()
      expect([res.status, res.body.errors[0].message]).toEqual([
        503,
        `Issued statement S${YEAR}-0001. Not issued for ${name}: see the server log, then issue the month again.`,
      ])
    } finally {
      await db().execute(
        sql.raw('DROP TRIGGER refuse_statement ON statements; DROP FUNCTION refuse_statement();'),
      )
    }
    expect((await issue()).body).toMatchObject({ issued: [`S${YEAR}-0002`] })
  })
})

describe('an issued statement', () => {
  it('never changes, not even for an admin or the Local API; none is written by hand', async () => {
    await seedDoneCar(h.payload, h.dealerships.own, staff(), {
      stockNumber: 'F1',
      wheels: [{ position: 'LF', doneAt: at(LAST, 5) }],
    })
    await issueStatements(h.payload, LAST)
    const [before] = await statements()
    const admin = h.sessionOf('admin')

    const patch = await h.http.patch(`/api/statements/${before.id}`, {
      json: { totalCents: 1 },
      session: admin,
    })
    expect(patch.status).toBe(403)
    expect((await h.http.delete(`/api/statements/${before.id}`, { session: admin })).status).toBe(403)
    const post = await h.http.post('/api/statements', {
      json: { ...before, id: undefined, number: 'S1999-0001' },
      session: admin,
    })
    expect(post.status).toBe(403)
    expect(
      await refusal(h.payload.update({ collection: 'statements', id: before.id, data: { totalCents: 1 } })),
    ).toBe(STATEMENT_IS_FINAL)
    expect(await refusal(h.payload.delete({ collection: 'statements', id: before.id }))).toBe(
      STATEMENT_IS_FINAL,
    )
    const { id: _id, createdAt: _c, updatedAt: _u, ...copy } = before
    expect(
      await refusal(
        h.payload.create({
          collection: 'statements',
          data: { ...copy, period: BEFORE, number: 'S1999-0002' } as never,
        }),
      ),
    ).toBe(STATEMENTS_ARE_ISSUED)
    expect(await statements()).toEqual([before])
  })

  it('a correction is a credit its next statement carries, once; then the credit is final', async () => {
    await seedDoneCar(h.payload, h.dealerships.own, staff(), {
      stockNumber: 'G1',
      wheels: [{ position: 'LF', doneAt: at(BEFORE, 10) }],
    })
    await issueStatements(h.payload, BEFORE)
    const admin = h.sessionOf('admin')
    const added = await h.http.post<Doc>('/api/statement-credits', {
      json: {
        dealership: h.dealerships.own,
        description: 'Spare billed twice',
        amountCents: 9_000,
        statement: (await statements())[0].id,
      },
      session: admin,
    })
    expect(added.status).toBe(201)
    const credit = added.body!.doc as Doc
    expect(credit.statement ?? null).toBeNull()
    // Staff read credits but only admins add them; a partner never sees them.
    expect(
      (
        await h.http.post('/api/statement-credits', {
          json: { dealership: h.dealerships.own, description: 'x', amountCents: 1 },
          session: h.sessionOf('staff'),
        })
      ).status,
    ).toBe(403)
    expect((await h.http.get('/api/statement-credits', { session: h.sessionOf('partner') })).status).toBe(403)

    await seedDoneCar(h.payload, h.dealerships.own, staff(), {
      stockNumber: 'G2',
      wheels: [
        { position: 'LF', doneAt: at(LAST, 4) },
        { position: 'RF', service: 'rim_restoration', doneAt: at(LAST, 4) },
      ],
    })
    await issueStatements(h.payload, LAST)
    const [first, second] = await statements()
    expect(first.creditLines).toEqual([])
    expect(second).toMatchObject({
      period: LAST,
      subtotalCents: 29_000,
      creditCents: 9_000,
      totalCents: 20_000,
      creditLines: [
        expect.objectContaining({
          creditId: credit.id,
          description: 'Spare billed twice',
          amountCents: 9_000,
        }),
      ],
    })
    // Only the month's wheels: the one on the first statement is not billed again.
    expect(second.lines!.map((l) => l.stockNumber)).toEqual(['G2', 'G2'])
    const carried = await h.payload.findByID({ collection: 'statement-credits', id: credit.id, depth: 0 })
    expect(carried.statement).toBe(second.id)

    const patch = await h.http.patch<Doc>(`/api/statement-credits/${credit.id}`, {
      json: { amountCents: 1 },
      session: admin,
    })
    expect(patch.status).toBe(400)
    expect(JSON.stringify(patch.body)).toContain(CARRIED_CREDIT_IS_FINAL)
    expect((await h.http.delete(`/api/statement-credits/${credit.id}`, { session: admin })).status).toBe(400)
    expect(await h.payload.findByID({ collection: 'statement-credits', id: credit.id, depth: 0 })).toEqual(
      carried,
    )
  })
})

describe('a credit worth more than a statement', () => {
  it('is applied up to the wheels; the rest is pending, carried by the next; no total below zero', async () => {
    await seedDoneCar(h.payload, h.dealerships.own, staff(), {
      stockNumber: 'K1',
      wheels: [{ position: 'LF', doneAt: at(BEFORE, 10) }],
    })
    const credit = await h.payload.create({
      collection: 'statement-credits',
      data: { dealership: h.dealerships.own, description: 'Lot sweep redone', amountCents: 12_000 },
    })
    await issueStatements(h.payload, BEFORE)
    const [first] = (await statements()) as Statement[]
    expect(first).toMatchObject({
      subtotalCents: 9_000,
      creditCents: 9_000,
      totalCents: 0,
      creditLines: [expect.objectContaining({ creditId: credit.id, amountCents: 9_000 })],
    })
    // Pending still, and final: a statement already shows part of it.
    const partly = await h.payload.findByID({ collection: 'statement-credits', id: credit.id, depth: 0 })
    expect(partly.statement ?? null).toBeNull()
    expect(
      await refusal(
        h.payload.update({ collection: 'statement-credits', id: credit.id, data: { amountCents: 1 } }),
      ),
    ).toBe(CARRIED_CREDIT_IS_FINAL)
    expect(await refusal(h.payload.delete({ collection: 'statement-credits', id: credit.id }))).toBe(
      CARRIED_CREDIT_IS_FINAL,
    )

    await seedDoneCar(h.payload, h.dealerships.own, staff(), {
      stockNumber: 'K2',
      wheels: [
        { position: 'LF', doneAt: at(LAST, 4) },
        { position: 'RF', service: 'rim_restoration', doneAt: at(LAST, 4) },
      ],
    })
    await issueStatements(h.payload, LAST)
    const [, second] = (await statements()) as Statement[]
    expect(second).toMatchObject({
      subtotalCents: 29_000,
      creditCents: 3_000,
      totalCents: 26_000,
      creditLines: [expect.objectContaining({ creditId: credit.id, amountCents: 3_000 })],
    })
    const carried = await h.payload.findByID({ collection: 'statement-credits', id: credit.id, depth: 0 })
    expect(carried.statement).toBe(second.id)

    const firstFiles = await statementFiles(h.payload, first)
    // Each row says whose it is; no total row among them (the PDF has it).
    const id1 = [first.number, first.dealershipName, BEFORE]
    expect(conventionalCsv(Buffer.from(firstFiles.csv)).slice(-2)).toEqual([
      [
        ...id1,
        `${BEFORE}-10`,
        'K1',
        first.lines![0].vin,
        'PO-7781',
        'RO-2210',
        'Left front',
        'Rim Rash / Curbed Rim',
        '90.00',
      ],
      [...id1, '', '', '', '', '', '', 'Credit: Lot sweep redone', '-90.00'],
    ])
    const secondFiles = await statementFiles(h.payload, second)
    expect(conventionalCsv(Buffer.from(secondFiles.csv)).slice(-1)).toEqual([
      [
        second.number,
        second.dealershipName,
        LAST,
        '',
        '',
        '',
        '',
        '',
        '',
        'Credit: Lot sweep redone',
        '-30.00',
      ],
    ])
    expect(secondFiles.csv).not.toContain('Total')
    const flat = async (pdf: Buffer) => (await pdfText(new Uint8Array(pdf))).replace(/\s+/g, ' ')
    const firstPdf = await flat(firstFiles.pdf)
    expect(firstPdf).toContain('Credit: Lot sweep redone -$90.00')
    expect(firstPdf).toContain('Total $0.00')
    const secondPdf = await flat(secondFiles.pdf)
    expect(secondPdf).toContain('Wheels (2) $290.00')
    expect(secondPdf).toContain('Credit: Lot sweep redone -$30.00')
    expect(secondPdf).toContain('Total $260.00')
  })
})

describe('the monthly job', () => {
  it('two runners, each with a job for the month, issue each statement and e-mail it once', async () => {
    await seedDoneCar(h.payload, h.dealerships.own, staff(), {
      stockNumber: '004417',
      vin: 'WP0AB2A93KS114315',
      po: '=SUM(A1)',
      wheels: [
        { position: 'LF', doneAt: at(LAST, 6) },
        { position: 'RR', service: 'rim_restoration', doneAt: at(LAST, 7) },
      ],
    })
    const credit = await h.payload.create({
      collection: 'statement-credits',
      data: { dealership: h.dealerships.own, description: 'Goodwill', amountCents: 500 },
    })
    for (let i = 0; i < 2; i += 1) {
      await h.payload.jobs.queue({ task: 'issueMonthlyStatements', input: {} })
    }
    // The runners take the two issuing jobs at once; then the e-mail jobs they queued.
    await Promise.all([h.payload.jobs.run({ silent: true }), h.payload.jobs.run({ silent: true })])
    await Promise.all([h.payload.jobs.run({ silent: true }), h.payload.jobs.run({ silent: true })])

    const all = await statements()
    expect(all.map((s) => [s.number, s.period, s.totalCents, s.creditLines?.[0]?.creditId])).toEqual([
      [`S${YEAR}-0001`, LAST, 28_500, credit.id],
    ])
    const [statement] = all as Statement[]
    const billing = (await h.payload.findByID({ collection: 'dealerships', id: h.dealerships.own }))
      .billingEmail
    const mails = capturedMails(billing)
    expect(mails).toHaveLength(1)
    expect(mails[0]).toContain(`Subject: Statement ${statement.number}`)
    expect(mails[0]).toContain(`filename=statement-${statement.number}.pdf`)

    const files = await statementFiles(h.payload, statement)
    expect(attachmentOf(mails[0], 'text/csv')).toBe(files.csv)
    expect(attachmentOf(mails[0], 'application/pdf')).toBe(files.pdf.toString('utf8'))
    expect(files.csv).toBe(
      statementCsv(
        {
          ...statement,
          creditLines: statement.creditLines ?? [],
          lines: statement.lines ?? [],
        } as never,
        statement.dealershipName,
      ),
    )
    const id = [statement.number, statement.dealershipName, LAST]
    expect(conventionalCsv(Buffer.from(files.csv))).toEqual([
      STATEMENT_CSV_HEADER,
      [
        ...id,
        `${LAST}-06`,
        '004417',
        'WP0AB2A93KS114315',
        "'=SUM(A1)",
        'RO-2210',
        'Left front',
        'Rim Rash / Curbed Rim',
        '90.00',
      ],
      [
        ...id,
        `${LAST}-07`,
        '004417',
        'WP0AB2A93KS114315',
        "'=SUM(A1)",
        'RO-2210',
        'Right rear',
        'Bent, Powder Coating, or Cracked Rims',
        '200.00',
      ],
      [...id, '', '', '', '', '', '', 'Credit: Goodwill', '-5.00'],
    ])
    // The stock number with its zeros, quoted as text.
    expect(files.csv.split('\r\n')[1]).toContain(',"004417","WP0AB2A93KS114315",')
    // The workbook, for the accountant who double-clicks: the same rows, the identifiers stored as
    // text (the stock number keeps its zeros), amounts as numbers, what was typed as typed (a
    // text cell is never a formula, so it needs no guard).
    const workbook = attachmentBytesOf(mails[0], XLSX_CONTENT_TYPE)
    expect(mails[0]).toContain(`filename=statement-${statement.number}.xlsx`)
    expect(await xlsxRows(workbook!)).toEqual([
      STATEMENT_CSV_HEADER,
      [
        ...id,
        `${LAST}-06`,
        '004417',
        'WP0AB2A93KS114315',
        '=SUM(A1)',
        'RO-2210',
        'Left front',
        'Rim Rash / Curbed Rim',
        90,
      ],
      [
        ...id,
        `${LAST}-07`,
        '004417',
        'WP0AB2A93KS114315',
        '=SUM(A1)',
        'RO-2210',
        'Right rear',
        'Bent, Powder Coating, or Cracked Rims',
        200,
      ],
      [...id, null, null, null, null, null, null, 'Credit: Goodwill', -5],
    ])
  })
})

describe('the statement’s files', () => {
  // One car, two wheels done last month, its statement issued.
  const issued = async () => {
    await seedDoneCar(h.payload, h.dealerships.own, staff(), {
      stockNumber: 'P1',
      vin: '1N4AL3AP8JC231503',
      po: 'PO-9001',
      ro: 'RO-42',
      wheels: [
        { position: 'LF', doneAt: at(LAST, 8) },
        { position: 'spare', service: 'rim_restoration', doneAt: at(LAST, 9) },
      ],
    })
    await issueStatements(h.payload, LAST)
    const [statement] = await statements()
    return statement
  }

  it('the PDF reads back with every line and the total, in Inter', async () => {
    const statement = await issued()
    const res = await h.http.bytes(`/api/statements/${statement.id}/pdf`, h.sessionOf('partner'))
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('application/pdf')
    expect(res.headers.get('content-disposition')).toBe(
      `attachment; filename="statement-${statement.number}.pdf"`,
    )
    const pdf = new Uint8Array(res.bytes)
    expect(Buffer.from(pdf).toString('latin1')).toMatch(/\/BaseFont \/[A-Z]{6}\+Inter/)
    const text = await pdfText(pdf)
    expect(text).toContain(`Statement ${statement.number}`)
    expect(text).toContain('Capital City Motors')
    for (const expected of [
      `${LAST}-08 P1 1N4AL3AP8JC231503 PO-9001 RO-42 Left front Rim Rash / Curbed Rim $90.00`,
      `${LAST}-09 P1 1N4AL3AP8JC231503 PO-9001 RO-42 Spare Bent, Powder Coating, or Cracked Rims $200.00`,
      'Total $290.00',
    ]) {
      expect(text.replace(/\s+/g, ' ')).toContain(expected)
    }
  })

  it('the workbook downloads under its name, with the same lines typed', async () => {
    const statement = await issued()
    const sheet = await h.http.bytes(`/api/statements/${statement.id}/xlsx`, h.sessionOf('partner'))
    expect(sheet.status).toBe(200)
    expect(sheet.headers.get('content-type')).toBe(XLSX_CONTENT_TYPE)
    expect(sheet.headers.get('content-disposition')).toBe(
      `attachment; filename="statement-${statement.number}.xlsx"`,
    )
    expect((await xlsxRows(sheet.bytes)).slice(1, 2)).toEqual([
      [
        statement.number,
        'Capital City Motors',
        LAST,
        `${LAST}-08`,
        'P1',
        '1N4AL3AP8JC231503',
        'PO-9001',
        'RO-42',
        'Left front',
        'Rim Rash / Curbed Rim',
        90,
      ],
    ])
  })
})

describe('the statement as a dealer’s bill', () => {
  const issueOne = async () => {
    await issueStatements(h.payload, LAST)
    const [statement] = (await statements()) as Statement[]
    return { statement, pdf: new Uint8Array((await statementFiles(h.payload, statement)).pdf) }
  }

  it('wraps long stock, PO and RO numbers inside their columns, every character kept', async () => {
    const long = {
      stockNumber: 'STK-004417-2026-CERTIFIED-PRE-OWNED',
      po: 'PO-2026-11-0048213-FLEET-SERVICES-DIV',
      ro: 'RO2026110048213RO2026110048213',
    }
    await seedDoneCar(h.payload, h.dealerships.own, staff(), {
      ...long,
      vin: '1HGCM82633A004352',
      wheels: [{ position: 'LF', doneAt: at(LAST, 3) }],
    })
    const { pdf } = await issueOne()

    const words = await pdfWords(pdf)
    const heading = (text: string) => words.find((w) => w.page === 1 && w.text === text)!
    const headings = ['Date', 'Stock', 'VIN', 'PO', 'RO', 'Position'].map(heading)
    const column = (i: number) => {
      const [from, to] = [headings[i].xMin, headings[i + 1].xMin]
      const inside = words.filter(
        (w) => w.page === 1 && w.yMin > headings[i].yMin && w.xMin >= from - 0.5 && w.xMin < to,
      )
      return { to, inside }
    }
    for (const [i, identifier] of [
      [1, long.stockNumber],
      [3, long.po],
      [4, long.ro],
    ] as const) {
      const { to, inside } = column(i)
      // Drawn on more than one line, each before the next column starts, and read top to
      // bottom it is the identifier, nothing added.
      expect(inside.length).toBeGreaterThan(1)
      for (const w of inside) expect(w.xMax).toBeLessThan(to)
      expect(inside.map((w) => w.text).join('')).toBe(identifier)
    }
    // In the text layer the pieces follow one another, only line breaks between them.
    const text = await poppler('pdftotext', pdf, ['-raw'])
    for (const identifier of Object.values(long)) {
      expect(text).toMatch(new RegExp(Array.from(identifier, (c) => c.replace(/[-]/g, '\\-')).join('\\n?')))
    }
    expect(text).toContain('Left front')
  })

  it('draws and extracts names outside basic Latin, in Inter only', async () => {
    await h.payload.update({
      collection: 'dealerships',
      id: h.dealerships.own,
      data: { name: 'Nguyễn Auto Group', address: '12 Đường Lê Lợi\nHouston, TX 77002' },
    })
    await seedDoneCar(h.payload, h.dealerships.own, staff(), {
      stockNumber: 'ŻÓŁW-7',
      po: 'PO-Śląsk-12',
      ro: 'RO-ŁÓDŹ-0001',
      wheels: [{ position: 'RF', doneAt: at(LAST, 4) }],
    })
    const { statement, pdf } = await issueOne()
    expect(statement.dealershipName).toBe('Nguyễn Auto Group')

    const text = await poppler('pdftotext', pdf, ['-raw'])
    for (const expected of [
      'Nguyễn Auto Group',
      '12 Đường Lê Lợi',
      'ŻÓŁW-7',
      'PO-Śląsk-12',
      'RO-ŁÓDŹ-0001',
    ]) {
      expect(text).toContain(expected)
    }
    // Every glyph from the statement's own font: none drawn in a fallback (Helvetica has none
    // of these letters).
    const fonts = (await poppler('pdffonts', pdf))
      .split('\n')
      .slice(2)
      .filter(Boolean)
      .map((line) => line.split(/\s+/)[0])
    expect(fonts.length).toBeGreaterThan(0)
    for (const font of fonts) expect(font).toMatch(/^[A-Z]{6}\+Inter-(Regular|Bold)$/)
  })

  it('a 160-wheel statement has its heading and page number on every page, the parties first, the totals last', async () => {
    await h.payload.update({
      collection: 'dealerships',
      id: h.dealerships.own,
      data: { address: '4100 Lamar Blvd\nAustin, TX 78756', netTermsDays: 45 },
    })
    const settings = await h.payload.updateGlobal({
      slug: 'site-settings',
      data: { mailingAddress: 'PO Box 4417\nAustin, TX 78767' },
    })
    await (h.payload as unknown as { create: (args: Doc) => Promise<Doc> }).create({
      collection: 'work-orders',
      data: {
        dealership: h.dealerships.own,
        poNumber: 'PO-LOT',
        roNumber: 'RO-LOT',
        vehicles: Array.from({ length: 40 }, (_, car) => ({
          stockNumber: `LOT${car}`,
          vin: '1HGCM82633A004352',
          wheels: ['LF', 'RF', 'LR', 'RR'].map((position) => ({
            position,
            service: 'rim_rash',
            status: 'done',
            doneAt: at(LAST, 1 + (car % 27)),
          })),
        })),
      },
      user: staff(),
      depth: 0,
    })
    const { statement, pdf } = await issueOne()
    expect(statement.lines).toHaveLength(160)

    const pages = Number(/Pages:\s+(\d+)/.exec(await poppler('pdfinfo', pdf))![1])
    expect(pages).toBeGreaterThanOrEqual(3)
    const page = async (n: number) =>
      (await poppler('pdftotext', pdf, ['-raw', '-f', String(n), '-l', String(n)])).replace(/[ \n]+/g, ' ')
    for (let n = 1; n <= pages; n += 1) {
      const text = await page(n)
      expect(text).toContain(settings.businessName)
      expect(text).toContain(`Statement ${statement.number}`)
      expect(text).toContain('Date Stock VIN PO RO Position Service Unit price')
      expect(text).toContain(`Page ${n} of ${pages}`)
      const last = n === pages
      expect(text.includes('Wheels (160) $14,400.00')).toBe(last)
      expect(text.includes('Total $14,400.00')).toBe(last)
    }

    const issued = wallTime(new Date(statement.issuedAt), TZ)
    const due = formatCalendarDate(new Date(Date.UTC(issued.year, issued.month - 1, issued.day + 45)))
    const first = await page(1)
    for (const expected of [
      'Bill to Capital City Motors 4100 Lamar Blvd Austin, TX 78756',
      `Remit to ${settings.businessName} PO Box 4417 Austin, TX 78767 ${settings.phone} ${settings.email}`,
      `Terms Net 45 days`,
      `Due ${due}`,
      'Amount due $14,400.00',
    ]) {
      expect(first).toContain(expected)
    }
    expect(first).toContain(statement.billingEmail)

    // The bill-to is the address the dealership had when the statement was issued.
    await h.payload.update({
      collection: 'dealerships',
      id: h.dealerships.own,
      data: { address: '1 Moved Away Rd\nDallas, TX 75201' },
    })
    const stored = await h.payload.findByID({ collection: 'statements', id: statement.id, depth: 0 })
    const again = new Uint8Array((await statementFiles(h.payload, stored)).pdf)
    expect(Buffer.from(again).equals(Buffer.from(pdf))).toBe(true)
  })
})

// Last: it takes the tables down and up again.
describe('the monthly_statements migration', () => {
  it('goes down with statements and credits stored, and up again', async () => {
    await seedDoneCar(h.payload, h.dealerships.own, staff(), {
      stockNumber: 'M1',
      wheels: [{ position: 'LF', doneAt: at(LAST, 5) }],
    })
    await h.payload.create({
      collection: 'statement-credits',
      data: { dealership: h.dealerships.own, description: 'x', amountCents: 1 },
    })
    await issueStatements(h.payload, LAST)
    await h.payload.jobs.queue({ task: 'issueMonthlyStatements', input: { month: LAST } })
    await migrateDownAndUp(h.payload, 'monthly_statements')
    expect(await statements()).toEqual([])
    expect(await rows(sql`SELECT count(*)::int AS n FROM statement_counters`)).toEqual([{ n: 0 }])
  })
})
