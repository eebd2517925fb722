import { describe, expect, it } from 'vitest'

import {
  applyCredits,
  type DoneWorkOrder,
  parsePeriod,
  periodBounds,
  periodLabel,
  previousPeriod,
  STATEMENT_CSV_HEADER,
  statementCsv,
  statementDueDay,
  StatementError,
  statementLines,
  statementNumber,
  statementTotals,
} from '@/lib/statements'

const TZ = 'America/Chicago'
const NOV = periodBounds('2026-11', TZ)
const prices: Record<string, number> = { rim_rash: 9_500, rim_restoration: 21_000 }
const price = (service: string) => prices[service] ?? null

const wheel = (
  id: string,
  position: 'LF' | 'RF' | 'LR' | 'RR' | 'spare',
  doneAt: string | null,
  over = {},
) => ({
  id,
  position,
  service: 'rim_rash' as const,
  status: doneAt ? 'done' : 'to_do',
  doneAt,
  ...over,
})

const orders: DoneWorkOrder[] = [
  {
    id: 7,
    poNumber: 'PO-1',
    roNumber: 'RO-9',
    vehicles: [
      {
        stockNumber: 'B200',
        vin: '1HGCM82633A004352',
        wheels: [
          // 23:30 in Austin on Nov 30 is Dec 1 in UTC: still November's.
          wheel('w-rf', 'RF', '2026-12-01T05:30:00.000Z'),
          wheel('w-lf', 'LF', '2026-12-01T05:30:00.000Z', { service: 'rim_restoration' }),
          // 00:30 in Austin on Dec 1: December's.
          wheel('w-lr', 'LR', '2026-12-01T06:30:00.000Z'),
          wheel('w-rr', 'RR', null),
        ],
      },
      {
        stockNumber: 'A100',
        vin: 'JH4KA7561PC008269',
        // 23:30 in Austin on Oct 31 is in November in UTC: October's.
        wheels: [
          wheel('w-a', 'LF', '2026-11-01T04:30:00.000Z'),
          wheel('w-b', 'RF', '2026-11-02T15:00:00.000Z'),
        ],
      },
    ],
  },
  {
    id: 8,
    poNumber: '',
    roNumber: null,
    vehicles: [{ stockNumber: 'C1', vin: 'WP0AB2A93KS114315', wheels: [] }],
  },
]

describe('statement months', () => {
  it('reads YYYY-MM and nothing else', () => {
    expect(parsePeriod('2026-11')).toEqual({ year: 2026, month: 11 })
    for (const bad of ['2026-13', '2026-1', '26-11', '2026-11-01', '', null, 202611]) {
      expect(parsePeriod(bad)).toBeNull()
    }
    expect(() => periodBounds('2026-13', TZ)).toThrow(StatementError)
  })

  it('runs from midnight to midnight in the business’s time zone', () => {
    expect(NOV.start.toISOString()).toBe('2026-11-01T05:00:00.000Z')
    expect(NOV.end.toISOString()).toBe('2026-12-01T06:00:00.000Z')
    expect(periodBounds('2026-12', TZ).end.toISOString()).toBe('2027-01-01T06:00:00.000Z')
  })

  it('last month is the business’s, on the 1st and in January', () => {
    // 00:10 on Dec 1 in Austin (06:10 UTC): November; at 05:59 UTC it is still Nov 30 there.
    expect(previousPeriod(new Date('2026-12-01T06:10:00Z'), TZ)).toBe('2026-11')
    expect(previousPeriod(new Date('2026-12-01T05:59:00Z'), TZ)).toBe('2026-10')
    expect(previousPeriod(new Date('2027-01-01T07:00:00Z'), TZ)).toBe('2026-12')
  })

  it('numbers and names', () => {
    expect(statementNumber(2026, 7)).toBe('S2026-0007')
    expect(periodLabel('2026-11')).toBe('November 2026')
  })
})

describe('statement due dates', () => {
  it('counts the net terms from the business day the statement was issued', () => {
    // 9 pm on Nov 30 in Chicago is Dec 1 in UTC: the terms run from Nov 30.
    expect(statementDueDay('2026-12-01T03:00:00Z', 30, TZ)).toBe('2026-12-30')
    expect(statementDueDay('2026-12-15T18:00:00Z', 30, TZ)).toBe('2027-01-14')
    expect(statementDueDay('2028-02-01T18:00:00Z', 28, TZ)).toBe('2028-02-29')
    expect(statementDueDay('2026-11-01T18:00:00Z', 0, TZ)).toBe('2026-11-01')
  })
})

describe('statement lines', () => {
  it('are the wheels done in the month, in the order done, at the dealership’s price', () => {
    const lines = statementLines(orders, NOV, TZ, price)
    expect(lines).toEqual([
      {
        wheelId: 'w-b',
        workOrderId: 7,
        doneOn: '2026-11-02',
        stockNumber: 'A100',
        vin: 'JH4KA7561PC008269',
        poNumber: 'PO-1',
        roNumber: 'RO-9',
        position: 'RF',
        service: 'rim_rash',
        unitPriceCents: 9_500,
      },
      expect.objectContaining({
        wheelId: 'w-lf',
        doneOn: '2026-11-30',
        position: 'LF',
        unitPriceCents: 21_000,
      }),
      expect.objectContaining({
        wheelId: 'w-rf',
        doneOn: '2026-11-30',
        position: 'RF',
        unitPriceCents: 9_500,
      }),
    ])
  })

  it('leave out the wheels already on a statement', () => {
    const lines = statementLines(orders, NOV, TZ, price, new Set(['w-b', 'w-rf']))
    expect(lines.map((l) => l.wheelId)).toEqual(['w-lf'])
  })

  it('refuse a service without a price', () => {
    expect(() => statementLines(orders, NOV, TZ, () => null)).toThrow(StatementError)
  })

  it('total the wheels less the credits, in cents', () => {
    const lines = statementLines(orders, NOV, TZ, price)
    expect(statementTotals(lines, [{ amountCents: 2_500 }, { amountCents: 1_000 }])).toEqual({
      subtotalCents: 40_000,
      creditCents: 3_500,
      totalCents: 36_500,
    })
    expect(statementTotals([], [])).toEqual({ subtotalCents: 0, creditCents: 0, totalCents: 0 })
    // Never a statement saying the dealership is owed money: credits are applied first.
    expect(() => statementTotals(lines.slice(0, 1), [{ amountCents: 10_000 }])).toThrow(StatementError)
  })

  it('apply credits oldest first, each up to what the wheels leave; the rest stays pending', () => {
    const credit = (creditId: number, amountCents: number) => ({
      creditId,
      description: `c${creditId}`,
      amountCents,
    })
    const pending = [credit(1, 6_000), credit(2, 5_000), credit(3, 700)]
    expect(applyCredits(20_000, pending)).toEqual(pending)
    // 9,500 of wheels: all of the first, 3,500 of the second, none of the third.
    const applied = applyCredits(9_500, pending)
    expect(applied).toEqual([credit(1, 6_000), credit(2, 3_500)])
    expect(statementTotals([{ unitPriceCents: 9_500 }], applied)).toEqual({
      subtotalCents: 9_500,
      creditCents: 9_500,
      totalCents: 0,
    })
    expect(applyCredits(6_000, pending)).toEqual([credit(1, 6_000)])
    expect(applyCredits(0, pending)).toEqual([])
    expect(applyCredits(9_500, [])).toEqual([])
  })
})

describe('statement CSV', () => {
  it('has a row per wheel and credit, each with its statement, no total, formulas neutralised', () => {
    const csv = statementCsv(
      {
        number: 'S2026-0001',
        period: '2026-11',
        lines: [
          {
            doneOn: '2026-11-02',
            stockNumber: '=HYPERLINK("http://x")',
            vin: 'JH4KA7561PC008269',
            poNumber: '+PO, 1',
            roNumber: null,
            position: 'RF',
            service: 'rim_rash',
            unitPriceCents: 9_505,
          },
        ],
        creditLines: [{ description: 'Wrong price in October', amountCents: 1_000 }],
        subtotalCents: 9_505,
        creditCents: 1_000,
        totalCents: 8_505,
      },
      'Nguyễn Auto Group',
    )
    expect(csv.split('\r\n')).toEqual([
      `\uFEFF${STATEMENT_CSV_HEADER.join(',')}`,
      `"S2026-0001",Nguyễn Auto Group,"2026-11",2026-11-02,"'=HYPERLINK(""http://x"")","JH4KA7561PC008269","'+PO, 1",,Right front,Rim Rash / Curbed Rim,95.05`,
      '"S2026-0001",Nguyễn Auto Group,"2026-11",,,,,,,Credit: Wrong price in October,-10.00',
      '',
    ])
  })
})

describe('a statement line’s RO', () => {
  it('is its car’s own RO, else its work order’s', () => {
    const [order] = orders
    const [b200, a100] = order.vehicles!
    const withCarRo = [
      {
        ...order,
        vehicles: [
          { ...b200, roNumber: 'RO-CAR' },
          { ...a100, roNumber: '' },
        ],
      },
    ]
    const lines = statementLines(withCarRo, NOV, TZ, price)
    expect(lines.map((l) => [l.wheelId, l.roNumber])).toEqual([
      ['w-b', 'RO-9'],
      ['w-lf', 'RO-CAR'],
      ['w-rf', 'RO-CAR'],
    ])
  })
})
