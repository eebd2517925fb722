import { spawn } from 'node:child_process'

import { expect, it } from 'vitest'

import { setupHarness } from '../helpers/harness'
import { seedDoneCar } from '../helpers/statements'

import { zonedTime } from '@/lib/business-time'
import { parsePeriod, previousPeriod } from '@/lib/statements'

// `npm run statements:issue -- YYYY-MM`: the monthly run's issueStatements from a shell, in a
// process of its own against the same database.

const h = setupHarness({ partner: true })
const TZ = 'America/Chicago'
const LAST = previousPeriod(new Date(), TZ)
const YEAR = parsePeriod(LAST)!.year

function issue(...args: string[]): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve, reject) => {
    // tsx as a loader (as the npm script's tsx CLI does); the schema is the test's, not pushed again.
    const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/issue-statements.ts', ...args], {
      env: { ...process.env, PAYLOAD_DB_PUSH: 'false' },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let out = ''
    child.stdout.on('data', (d) => (out += String(d)))
    child.stderr.on('data', (d) => (out += String(d)))
    child.on('error', reject)
    child.on('exit', (code) => resolve({ code, out }))
  })
}

const count = async () => (await h.payload.count({ collection: 'statements' })).totalDocs

it('issues a month once, says what it did, and refuses a malformed month', { timeout: 120_000 }, async () => {
  const p = parsePeriod(LAST)!
  await seedDoneCar(h.payload, h.dealerships.own, h.userOf('staff')!, {
    stockNumber: 'CLI1',
    wheels: [{ position: 'LF', doneAt: zonedTime(TZ, p.year, p.month, 6, 12).toISOString() }],
  })

  const bad = await issue('2026-13')
  expect(bad.code).toBe(2)
  expect(bad.out).toContain('Give the month as YYYY-MM, e.g. 2026-11, not "2026-13".')
  expect(await count()).toBe(0)

  const first = await issue(LAST)
  expect(first.code, first.out).toBe(0)
  expect(first.out).toContain(`[statements] issued S${YEAR}-0001 (dealership ${h.dealerships.own})`)
  expect(first.out).toContain(`[statements] ${LAST}: 1 issued, 0 already issued`)
  expect(await count()).toBe(1)
  const [statement] = (await h.payload.find({ collection: 'statements', depth: 0 })).docs
  expect(statement).toMatchObject({ period: LAST, dealership: h.dealerships.own, totalCents: 12_500 })

  // Its wheels are on the statement now: nothing left to issue for the month.
  const again = await issue(LAST)
  expect(again.code, again.out).toBe(0)
  expect(again.out).toContain(`[statements] ${LAST}: 0 issued, 0 already issued`)
  expect(await count()).toBe(1)
})
