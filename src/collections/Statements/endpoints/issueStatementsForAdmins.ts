import type { Endpoint } from 'payload'

import { isAdmin } from '@/access/isApprovedStaff'
import { parsePeriod, StatementError } from '@/lib/statements'

import { issueStatements, StatementsNotAllIssued } from '../issue'

const json = (status: number, body: Record<string, unknown>) =>
  Response.json(body, { status, headers: { 'Cache-Control': 'no-store, private' } })
const refuse = (status: number, message: string) => json(status, { errors: [{ message }] })

// POST /api/statements/issue { month: "2026-11" }: what the monthly job does on the 1st, for a
// month an admin names (a month the job missed, or a test). Issues only what is not issued yet.
export const issueStatementsForAdmins: Endpoint = {
  path: '/issue',
  method: 'post',
  handler: async (req) => {
    if (!isAdmin(req.user)) return refuse(403, 'You are not allowed to perform this action.')
    const body = (await req.json?.().catch(() => null)) as { month?: unknown } | null
    const month = typeof body?.month === 'string' ? body.month.trim() : ''
    if (!parsePeriod(month)) return refuse(400, 'Give the month as YYYY-MM, e.g. 2026-11.')
    let result: Awaited<ReturnType<typeof issueStatements>>
    try {
      result = await issueStatements(req.payload, month)
    } catch (err) {
      if (err instanceof StatementError) return refuse(400, err.message)
      if (!(err instanceof StatementsNotAllIssued)) throw err
      // Some were issued and e-mailed: say which, and which dealerships are still without one.
      const { docs } = await req.payload.find({
        collection: 'dealerships',
        where: { id: { in: err.failedDealerships } },
        select: { name: true },
        depth: 0,
        pagination: false,
        overrideAccess: true,
        req,
      })
      const numbers = err.result.issued.map((s) => s.number)
      const done = numbers.length ? `${issuedText(numbers)} ` : 'No statement was issued. '
      return json(503, {
        errors: [
          {
            message: `${done}Not issued for ${docs.map((d) => d.name).join(', ')}: see the server log, then issue the month again.`,
          },
        ],
        issued: numbers,
      })
    }
    const numbers = result.issued.map((s) => s.number)
    return json(200, {
      message: numbers.length
        ? issuedText(numbers)
        : 'No new statements: every dealership with work done that month has its statement.',
      issued: numbers,
      alreadyIssued: result.alreadyIssued,
    })
  },
}

const issuedText = (numbers: string[]) =>
  `Issued ${numbers.length === 1 ? 'statement' : 'statements'} ${numbers.join(', ')}.`
