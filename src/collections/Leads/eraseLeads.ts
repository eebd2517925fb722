import fs from 'node:fs/promises'
import path from 'node:path'

import { sql } from '@payloadcms/db-postgres'
import type { SQL } from '@payloadcms/db-postgres/drizzle'
import { commitTransaction, initTransaction, killTransaction } from 'payload'
import type { PayloadRequest } from 'payload'

import { csvRows } from '@/lib/csv-rows'
import { leadName } from '@/lib/lead-name'
import { ERASED_BILL_TO, ERASED_LEAD, type EraseContact } from '@/lib/erase-request'
import { ERASING_CUSTOMER } from '@/collections/Invoices/hooks/priceInvoice'
import { phoneMatchKey } from '@/lib/text-messages'
import { dbOf } from '@/server/db'
import { RATE_LIMIT_TABLE } from '@/server/db-schema'

export type ErasureReason = 'request' | 'retention'
export type ErasureCounts = { leads: number; photos: number; exports: number }

type Rows<T> = { rows: T[] }
type Customer = {
  id: number
  email: string
  phone: string
  phoneE164: string | null
  firstName: string
  lastName: string
}

const inList = (values: (number | string)[]): SQL =>
  values.length
    ? sql`(${sql.join(
        values.map((v) => sql`${v}`),
        sql`, `,
      )})`
    : sql`(NULL)`

export type CustomerLead = { id: number; firstName: string; lastName: string; createdAt: string }

/**
 * The leads with this e-mail (any case), these phone digits, or this phone's E.164 key (the
 * indexed `phone_e164` every lead carries: a texted lead's "+15125550177" is found from
 * "(512) 555-0177"), oldest first.
 */
export async function customerLeads(
  db: Awaited<ReturnType<typeof dbOf>>,
  { email, phoneDigits, phoneE164 }: EraseContact,
): Promise<CustomerLead[]> {
  const { rows } = (await db.execute(sql`
    SELECT id, first_name AS "firstName", last_name AS "lastName", created_at AS "createdAt" FROM leads
    WHERE (${email}::text IS NOT NULL AND lower(email) = ${email})
       OR (${phoneDigits}::text IS NOT NULL AND regexp_replace(phone, '\\D', '', 'g') = ${phoneDigits})
       OR (${phoneE164}::text IS NOT NULL AND phone_e164 = ${phoneE164})
    ORDER BY created_at, id`)) as unknown as Rows<CustomerLead & { createdAt: string | Date }>
  return rows.map((r) => ({ ...r, id: Number(r.id), createdAt: new Date(r.createdAt).toISOString() }))
}

// Every lead keeps only what the counts and charts need (service, status, dates, promotion, the
// offer); everything else that names or reaches the customer goes, in the caller's transaction
// when it has one: photos and their files, quotes, the timeline, texts (both ways, their photos
// too), saved exports that hold them, the live visit (its place is freed), every job about
// them, the rate-limit counters keyed by their address or number and the review opt-out. Their
// draft invoices go; sent invoices, credit notes and payments stay for the books, without who
// they were for (a payment's reference included). The erasure is recorded: by whom, why, how much.
export async function eraseLeads(
  req: PayloadRequest,
  ids: number[],
  options: { by: number | null; reason: ErasureReason },
): Promise<ErasureCounts> {
  const { payload } = req
  const own = await initTransaction(req)
  try {
    const db = await dbOf(payload, req)
    // NO KEY: the leads stay, so a row that only refers to one (an event written by an invoice
    // sent or paid meanwhile, whose invoice this erasure waits for) need not wait: a deadlock.
    const customers = (
      (await db.execute(sql`
        SELECT id, email, phone, phone_e164 AS "phoneE164", first_name AS "firstName", last_name AS "lastName"
        FROM leads WHERE id IN ${inList(ids)} ORDER BY id FOR NO KEY UPDATE`)) as unknown as Rows<Customer>
    ).rows.map((c) => ({ ...c, id: Number(c.id) }))
    const quoteIds = await idsOf(db, sql`SELECT id FROM quotes WHERE lead_id IN ${inList(ids)}`)
    const visitIds = await idsOf(db, sql`SELECT id FROM visits WHERE lead_id IN ${inList(ids)}`)
    const numbers = await numbersGoing(db, customers, ids)
    const textIds = await idsOf(db, textsOf(ids, numbers))
    // The lead's photos, and its texts' (the same ones, or those past the lead's ten).
    const photoIds = await idsOf(
      db,
      sql`SELECT customer_uploads_id AS id FROM leads_rels
        WHERE path = 'photos' AND customer_uploads_id IS NOT NULL AND parent_id IN ${inList(ids)}
        UNION SELECT customer_uploads_id FROM text_messages_rels
        WHERE path = 'media' AND customer_uploads_id IS NOT NULL AND parent_id IN ${inList(textIds)}`,
    )

    // Payload's delete removes each document's stored files too (folder or bucket).
    const exportsGone = await deleteFilesHolding(req, customers)
    for (const id of photoIds) {
      await payload.delete({ collection: 'customer-uploads', id, overrideAccess: true, req })
    }
    // Their quotes go (with their versions): a note may name the customer.
    await payload.delete({ collection: 'quotes', where: { lead: { in: ids } }, overrideAccess: true, req })

    await db.execute(sql`
      UPDATE leads SET first_name = ${ERASED_LEAD.firstName}, last_name = ${ERASED_LEAD.lastName},
        name = ${leadName(ERASED_LEAD)},
        email = ${ERASED_LEAD.email}, phone = ${ERASED_LEAD.phone}, phone_e164 = NULL, description = ${ERASED_LEAD.description},
        address = NULL, zip = NULL, vehicle = NULL, wheel_size = NULL,
        promo_code = NULL, utm_source = NULL, utm_medium = NULL, utm_campaign = NULL, referrer_host = NULL,
        idempotency_key = NULL, form_key = NULL, erased_at = now(), updated_at = now()
      WHERE id IN ${inList(ids)}`)
    // Their texts too: the customer's words and number.
    await db.execute(sql`DELETE FROM text_messages WHERE id IN ${inList(textIds)}`)
    // And the inbox's record of who read their conversation, which names their number.
    await db.execute(sql`DELETE FROM conversation_reads WHERE phone IN ${inList(numbers)}`)
    // Their timelines go too: notes and change requests are the customer's words.
    await db.execute(sql`DELETE FROM lead_events WHERE lead_id IN ${inList(ids)}`)
    // A visit still to come is called off, so the van's place is free and no reminder is due; one
    // that took place stays, as work done.
    await db.execute(sql`
      UPDATE visits SET cancelled_at = now(), updated_at = now()
      WHERE lead_id IN ${inList(ids)} AND cancelled_at IS NULL AND start > now()`)
    const invoiceIds = await eraseInvoices(req, ids)
    const paymentIds = await idsOf(
      db,
      sql`SELECT id FROM payments WHERE invoice_id IN ${inList(invoiceIds)} OR lead_id IN ${inList(ids)}`,
    )
    // Their payments stay as the books' record (amount, method, date, invoice) without the
    // reference staff typed (a check's or Zelle's note can name the payer) or its form's hash.
    await db.execute(sql`
      UPDATE payments SET reference = NULL, form_key = NULL, updated_at = now()
      WHERE id IN ${inList(paymentIds)} AND (reference IS NOT NULL OR form_key IS NOT NULL)`)
    // Every job about them, done or not: a finished job's log can hold a mail server's answer
    // naming the address. Of their invoices', the e-mails only: the expiry of a Stripe session
    // and the fee's fetch are the books'.
    const asText = (values: number[]) => inList(values.map(String))
    await db.execute(sql`
      DELETE FROM payload_jobs
      WHERE (input->>'leadId') IN ${asText(ids)}
        OR (input->>'quoteId') IN ${asText(quoteIds)}
        OR (input->>'visitId') IN ${asText(visitIds)}
        OR (input->>'messageId') IN ${asText(textIds)}
        OR (task_slug = 'sendInvoiceLink' AND (input->>'invoiceId') IN ${asText(invoiceIds)})
        OR (task_slug = 'sendCreditNote' AND (input->>'creditNoteId') IN ${asText(invoiceIds)})
        OR (task_slug = 'sendPaymentReceipt' AND (input->>'paymentId') IN ${asText(paymentIds)})`)
    const emails = [...new Set(customers.map((c) => c.email.toLowerCase()))]
    for (const email of emails) {
      await db.execute(sql`
        DELETE FROM ${sql.identifier(RATE_LIMIT_TABLE)} WHERE strpos(key, ${`:email:${email}`}) > 0`)
    }
    await db.execute(sql`DELETE FROM review_opt_outs WHERE lower(email) IN ${inList(emails)}`)
    for (const number of numbers) {
      await db.execute(sql`
        DELETE FROM ${sql.identifier(RATE_LIMIT_TABLE)} WHERE strpos(key, ${`text:from:${number}`}) > 0`)
    }

    await payload.create({
      collection: 'erasures',
      data: {
        erasedBy: options.by,
        reason: options.reason,
        leadCount: ids.length,
        fileCount: photoIds.length,
      },
      overrideAccess: true,
      req,
    })
    if (own) await commitTransaction(req)
    return { leads: ids.length, photos: photoIds.length, exports: exportsGone }
  } catch (err) {
    if (own) await killTransaction(req)
    throw err
  }
}

// The numbers whose every lead goes now: their texts that reached no lead (STOP, START, HELP
// and its answer) go with them. A number another lead still carries keeps those. The opt-out
// itself stays (text-opt-outs): a number that said STOP must never be texted again.
async function numbersGoing(
  db: Awaited<ReturnType<typeof dbOf>>,
  customers: Customer[],
  ids: number[],
): Promise<string[]> {
  const numbers = [...new Set(customers.flatMap((c) => (c.phoneE164 ? [c.phoneE164] : [])))]
  const kept = await db.execute(sql`
    SELECT DISTINCT phone_e164 AS n FROM leads
    WHERE phone_e164 IN ${inList(numbers)} AND id NOT IN ${inList(ids)}`)
  const held = new Set((kept as unknown as Rows<{ n: string }>).rows.map((r) => r.n))
  return numbers.filter((n) => !held.has(n))
}

// A lead's texts: those filed under it (the owner's alert about it included) and the texts of
// its number that reached no lead.
function textsOf(ids: number[], numbers: string[]): SQL {
  return sql`SELECT id FROM text_messages WHERE lead_id IN ${inList(ids)}
    OR (lead_id IS NULL AND (from_number IN ${inList(numbers)} OR to_number IN ${inList(numbers)}))`
}

// Their invoices and credit notes: a draft goes, as when a lead is deleted; a sent one is a
// record the books must keep, so it keeps its number, dates, lines, money and payments and
// loses who it was for, through the one door the final invoice's guard opens (the erasure's
// context). The ids of those kept.
async function eraseInvoices(req: PayloadRequest, ids: number[]): Promise<number[]> {
  const { payload } = req
  const { docs } = await payload.find({
    collection: 'invoices',
    where: { lead: { in: ids } },
    select: { status: true },
    sort: '-id',
    depth: 0,
    pagination: false,
    overrideAccess: true,
    req,
  })
  const kept: number[] = []
  try {
    for (const { id, status } of docs) {
      if (status === 'draft') {
        await payload.delete({ collection: 'invoices', id, overrideAccess: true, req })
        continue
      }
      await payload.update({
        collection: 'invoices',
        id,
        data: ERASED_BILL_TO,
        depth: 0,
        overrideAccess: true,
        req,
        context: { [ERASING_CUSTOMER]: true },
      })
      kept.push(id)
    }
  } finally {
    // Payload merges a call's context into the request's: the door closes with the erasure.
    delete req.context[ERASING_CUSTOMER]
  }
  return kept
}

async function idsOf(db: Awaited<ReturnType<typeof dbOf>>, query: SQL): Promise<number[]> {
  const result = (await db.execute(query)) as unknown as Rows<{ id: number | string }>
  return result.rows.map((r) => Number(r.id))
}

// Saved exports (and any import) are snapshots of leads: the ones holding a customer go whole, as
// the owner would rather export again than keep a file that still names them. A file holds them
// when a row has their lead's id, e-mail or phone, or their full name; its filter when it looked
// them up by name, e-mail or phone.
async function deleteFilesHolding(req: PayloadRequest, customers: Customer[]): Promise<number> {
  const { payload } = req
  let deleted = 0
  for (const collection of ['exports', 'imports'] as const) {
    const { docs } = await payload.find({
      collection,
      pagination: false,
      depth: 0,
      overrideAccess: true,
      req,
    })
    for (const doc of docs) {
      const file = doc.filename ? await readStoredFile(req, collection, doc) : ''
      const filter = 'where' in doc ? doc.where : null
      if (!fileHolds(file, customers) && !filterHolds(filter, customers)) continue
      await payload.delete({ collection, id: doc.id, overrideAccess: true, req })
      deleted += 1
    }
  }
  return deleted
}

const digits = (value: string) => value.replace(/\D/g, '')
const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase()

function matchesContact(value: string, c: Customer): boolean {
  const cell = value.replace(/^'/, '')
  const key = phoneMatchKey(cell)
  return (
    same(cell, c.email) ||
    (digits(cell).length >= 7 && digits(cell) === digits(c.phone)) ||
    (key !== null && key === c.phoneE164)
  )
}

export function fileHolds(text: string, customers: Customer[]): boolean {
  if (!text) return false
  const lower = text.toLowerCase()
  if (customers.some((c) => lower.includes(c.email.toLowerCase()))) return true
  const [header = [], ...rows] = csvRows(text)
  const idColumn = header.indexOf('id')
  return rows.some((row) =>
    customers.some(
      (c) =>
        (idColumn >= 0 && row[idColumn] === String(c.id)) ||
        row.some((cell) => matchesContact(cell, c)) ||
        (row.some((cell) => same(cell, c.firstName)) && row.some((cell) => same(cell, c.lastName))),
    ),
  )
}

function filterHolds(filter: unknown, customers: Customer[]): boolean {
  const words: string[] = []
  const collect = (value: unknown) => {
    if (typeof value === 'string') words.push(value)
    else if (value && typeof value === 'object') Object.values(value).forEach(collect)
  }
  collect(filter)
  return words.some((word) =>
    customers.some((c) => matchesContact(word, c) || same(word, c.firstName) || same(word, c.lastName)),
  )
}

// Through the storage adapter's file handler when one is configured (S3), else from the folder.
async function readStoredFile(
  req: PayloadRequest,
  collection: 'exports' | 'imports',
  doc: { filename?: string | null },
): Promise<string> {
  const filename = path.basename(doc.filename ?? '')
  const upload = req.payload.collections[collection].config.upload
  for (const handler of upload.handlers ?? []) {
    const res = await handler(req, { doc: doc as never, params: { collection, filename } })
    if (res instanceof Response) return res.ok ? res.text() : ''
  }
  return fs.readFile(path.join(upload.staticDir ?? '', filename), 'utf8').catch(() => '')
}
