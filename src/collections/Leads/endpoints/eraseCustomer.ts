import { sql } from '@payloadcms/db-postgres'
import type { PostgresAdapter } from '@payloadcms/db-postgres'
import type { Endpoint } from 'payload'

import { isApprovedStaff } from '@/access/isApprovedStaff'
import { eraseRequestError, parseEraseRequest } from '@/lib/erase-request'
import { eraseLeads } from '@/collections/Leads/eraseLeads'

const json = (status: number, body: Record<string, unknown>) =>
  Response.json(body, { status, headers: { 'Cache-Control': 'no-store, private' } })

// POST /api/leads/erase {email?, phone?, confirm: true}: every lead with that e-mail or phone
// is erased (src/collections/Leads/eraseLeads.ts says what goes and what stays).
export const eraseCustomer: Endpoint = {
  path: '/erase',
  method: 'post',
  handler: async (req) => {
    if (!isApprovedStaff(req.user))
      return json(403, { errors: [{ message: 'You are not allowed to perform this action.' }] })
    const body = (await req.json?.().catch(() => null)) as unknown
    const problem = eraseRequestError(body)
    if (problem) return json(400, { errors: [{ message: problem }] })
    const { email, phoneDigits } = parseEraseRequest(body)
    const db = (req.payload.db as unknown as PostgresAdapter).drizzle
    const matched = (await db.execute(sql`
      SELECT id FROM leads
      WHERE (${email}::text IS NOT NULL AND lower(email) = ${email})
         OR (${phoneDigits}::text IS NOT NULL AND regexp_replace(phone, '\\D', '', 'g') = ${phoneDigits})
      ORDER BY id`)) as unknown as { rows: { id: number }[] }
    const ids = matched.rows.map((r) => Number(r.id))
    if (!ids.length)
      return json(404, { errors: [{ message: 'No lead has that e-mail address or phone number.' }] })
    const erased = await eraseLeads(req, ids, { by: req.user.id, reason: 'request' })
    return json(200, { erasedLeads: erased.leads, removedPhotos: erased.photos })
  },
}
