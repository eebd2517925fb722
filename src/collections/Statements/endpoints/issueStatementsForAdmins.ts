import type { Endpoint } from 'payload'

import { isAdmin } from '@/access/isApprovedStaff'
import { parsePeriod, StatementError } from '@/lib/statements'

import { issueStatements } from '../issue'

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
      throw err
    }
    const numbers = result.issued.map((s) => s.number)
    return json(200, {
      message: numbers.length
        ? `Issued ${numbers.length === 1 ? 'statement' : 'statements'} ${numbers.join(', ')}.`
        : 'No new statements: every dealership with work done that month has its statement.',
      issued: numbers,
      alreadyIssued: result.alreadyIssued,
    })
  },
}
