import type { Endpoint } from 'payload'

import { isApprovedStaff } from '@/access/isApprovedStaff'
import { eraseRequestError, listedLeadIds, parseEraseRequest } from '@/lib/erase-request'
import { customerLeads, eraseLeads } from '@/collections/Leads/eraseLeads'
import { dbOf } from '@/server/db'

const json = (status: number, body: Record<string, unknown>) =>
  Response.json(body, { status, headers: { 'Cache-Control': 'no-store, private' } })

// POST /api/leads/erase {email?, phone?, leads: [id...], confirm: true}: the listed leads, each
// with that e-mail or phone, are erased (src/collections/Leads/eraseLeads.ts says what goes and
// what stays). Phones match by their digits or their E.164 form (a texted lead's), so people
// sharing a number are matched together:
// the owner confirms the list the dialog showed, and a lead that came in since is not erased
// unseen. Without the list, or with one that no longer matches, the answer holds the leads matched.
export const eraseCustomer: Endpoint = {
  path: '/erase',
  method: 'post',
  handler: async (req) => {
    if (!isApprovedStaff(req.user))
      return json(403, { errors: [{ message: 'You are not allowed to perform this action.' }] })
    const body = (await req.json?.().catch(() => null)) as unknown
    const problem = eraseRequestError(body)
    if (problem) return json(400, { errors: [{ message: problem }] })
    const matched = await customerLeads(await dbOf(req.payload), parseEraseRequest(body))
    if (!matched.length)
      return json(404, { errors: [{ message: 'No lead has that e-mail address or phone number.' }] })
    const listed = listedLeadIds(body)
    if (!listed)
      return json(400, { errors: [{ message: 'List the leads to erase (their ids).' }], leads: matched })
    const ids = new Set(matched.map((l) => l.id))
    if (listed.some((id) => !ids.has(id)))
      return json(409, {
        errors: [{ message: 'These leads are no longer all this customer’s. Look at the list again.' }],
        leads: matched,
      })
    const erased = await eraseLeads(req, listed, { by: req.user.id, reason: 'request' })
    return json(200, {
      erasedLeads: erased.leads,
      removedPhotos: erased.photos,
      // Leads of this e-mail or phone that were not listed (come in since the list was shown): kept.
      notListed: matched.length - listed.length,
    })
  },
}
