import { sql } from '@payloadcms/db-postgres'
import type { PostgresAdapter } from '@payloadcms/db-postgres'
import { commitTransaction, initTransaction, killTransaction } from 'payload'
import type { Endpoint, Payload } from 'payload'

import { isApprovedStaff } from '@/access/isApprovedStaff'
import { ERASED_LEAD, eraseRequestError, parseEraseRequest } from '@/lib/erase-request'

const json = (status: number, body: Record<string, unknown>) =>
  Response.json(body, { status, headers: { 'Cache-Control': 'no-store, private' } })

// POST /api/leads/erase {email?, phone?, confirm: true}: every lead with that e-mail or phone
// keeps only what the counts and charts need (service, status, dates, promotion); its photos
// and their stored files go; pending e-mails about it are dropped; the erasure is recorded.
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
    const { payload } = req
    const db = (payload.db as unknown as PostgresAdapter).drizzle
    const matched = (await db.execute(sql`
      SELECT id FROM leads
      WHERE (${email}::text IS NOT NULL AND lower(email) = ${email})
         OR (${phoneDigits}::text IS NOT NULL AND regexp_replace(phone, '\\D', '', 'g') = ${phoneDigits})
      ORDER BY id`)) as unknown as { rows: { id: number }[] }
    const ids = matched.rows.map((r) => Number(r.id))
    if (!ids.length)
      return json(404, { errors: [{ message: 'No lead has that e-mail address or phone number.' }] })

    const own = await initTransaction(req)
    try {
      const photos = await payload.find({
        collection: 'customer-uploads',
        where: { id: { in: await photoIds(payload, ids) } },
        overrideAccess: true,
        pagination: false,
        depth: 0,
        req,
      })
      // Payload's delete removes each photo's stored files too (folder or bucket).
      for (const photo of photos.docs) {
        await payload.delete({ collection: 'customer-uploads', id: photo.id, overrideAccess: true, req })
      }
      // Their quotes go (with their versions): a note may name the customer.
      await payload.delete({ collection: 'quotes', where: { lead: { in: ids } }, overrideAccess: true, req })
      const tx = (payload.db as unknown as PostgresAdapter).sessions[await req.transactionID!]!.db
      await tx.execute(sql`
        UPDATE leads SET first_name = ${ERASED_LEAD.firstName}, last_name = ${ERASED_LEAD.lastName},
          email = ${ERASED_LEAD.email}, phone = ${ERASED_LEAD.phone}, description = ${ERASED_LEAD.description},
          promo_code = NULL, utm_source = NULL, utm_medium = NULL, utm_campaign = NULL, referrer_host = NULL,
          idempotency_key = NULL, updated_at = now()
        WHERE id IN ${sql.raw(`(${ids.join(',')})`)}`)
      // Their timelines go too: notes and change requests are the customer's words.
      await tx.execute(sql`DELETE FROM lead_events WHERE lead_id IN ${sql.raw(`(${ids.join(',')})`)}`)
      await tx.execute(sql`
        DELETE FROM payload_jobs WHERE completed_at IS NULL
          AND (input->>'leadId')::text IN ${sql.raw(`(${ids.map((id) => `'${id}'`).join(',')})`)}`)
      await payload.create({
        collection: 'erasures',
        data: { erasedBy: req.user.id, leadCount: ids.length, fileCount: photos.docs.length },
        overrideAccess: true,
        req,
      })
      if (own) await commitTransaction(req)
      return json(200, { erasedLeads: ids.length, removedPhotos: photos.docs.length })
    } catch (err) {
      if (own) await killTransaction(req)
      throw err
    }
  },
}

async function photoIds(payload: Payload, leadIds: number[]) {
  const db = (payload.db as unknown as PostgresAdapter).drizzle
  const rels = (await db.execute(sql`
    SELECT customer_uploads_id AS id FROM leads_rels
    WHERE path = 'photos' AND customer_uploads_id IS NOT NULL
      AND parent_id IN ${sql.raw(`(${leadIds.join(',')})`)}`)) as unknown as { rows: { id: number }[] }
  return rels.rows.map((r) => Number(r.id))
}
