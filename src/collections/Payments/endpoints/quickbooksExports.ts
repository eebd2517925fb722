import { sql } from '@payloadcms/db-postgres'
import type { Endpoint, PayloadRequest } from 'payload'

import { isApprovedStaff } from '@/access/isApprovedStaff'
import { businessTimeZone } from '@/lib/business-time'
import { INVOICE_DUE_DAYS } from '@/lib/money'
import {
  type QuickbooksInvoice,
  type QuickbooksPayment,
  quickbooksInvoicesCsv,
  quickbooksPaymentsCsv,
} from '@/lib/quickbooks-csv'
import { parsePeriod } from '@/lib/statements'
import { dbOf } from '@/server/db'

type Rows = { rows: Record<string, unknown>[] }
const noStore = { 'Cache-Control': 'no-store, private' }
const refuse = (status: number, message: string) =>
  Response.json({ errors: [{ message }] }, { status, headers: noStore })

// GET /api/payments/quickbooks-invoices.csv?month=YYYY-MM and quickbooks-payments.csv: one month
// of the books, in the business's days, as QuickBooks Online imports them (src/lib/quickbooks-csv.ts).
function quickbooksExport(
  kind: 'invoices' | 'payments',
  body: (req: PayloadRequest, month: string, zone: string) => Promise<string>,
): Endpoint {
  return {
    path: `/quickbooks-${kind}.csv`,
    method: 'get',
    handler: async (req) => {
      if (!isApprovedStaff(req.user)) return refuse(403, 'You are not allowed to perform this action.')
      const month = req.searchParams.get('month') ?? ''
      if (!parsePeriod(month) || month !== month.trim())
        return refuse(400, 'Give the month as month=YYYY-MM, e.g. month=2026-10.')
      const settings = await req.payload.findGlobal({ slug: 'site-settings', depth: 0, req })
      return new Response(await body(req, month, businessTimeZone(settings.timeZone)), {
        headers: {
          ...noStore,
          'Content-Type': 'text/csv; charset=utf-8',
          'Content-Disposition': `attachment; filename="quickbooks-${kind}-${month}.csv"`,
        },
      })
    },
  }
}

const inMonth = (column: ReturnType<typeof sql.raw>, month: string, zone: string) =>
  sql`to_char(${column} AT TIME ZONE ${zone}, 'YYYY-MM') = ${month}`
const usDate = (day: ReturnType<typeof sql>) => sql`to_char(${day}, 'MM/DD/YYYY')`

// The invoices sent in the month (credit notes are QuickBooks credit memos, not imported here);
// due INVOICE_DUE_DAYS after the day sent, as the money panel counts overdue; the service date
// is the day of the customer's last visit not cancelled before the invoice was sent.
export const quickbooksInvoices = quickbooksExport('invoices', async (req, month, zone) => {
  const db = await dbOf(req.payload, req)
  const sent = sql`(i.sent_at AT TIME ZONE ${zone})::date`
  const result = (await db.execute(sql`
    SELECT i.id, i.number, coalesce(i.discount_cents, 0) AS discount_cents,
           coalesce(nullif(trim(i.customer_name), ''),
                    nullif(trim(concat_ws(' ', l.first_name, l.last_name)), ''), '') AS customer,
           ${usDate(sent)} AS invoice_date,
           ${usDate(sql`${sent} + ${INVOICE_DUE_DAYS}::int`)} AS due_date,
           (SELECT ${usDate(sql`(v.start AT TIME ZONE ${zone})::date`)} FROM visits v
             WHERE v.lead_id = i.lead_id AND v.cancelled_at IS NULL AND v.start <= i.sent_at
             ORDER BY v.start DESC LIMIT 1) AS service_date,
           coalesce((SELECT json_agg(json_build_object('description', x.description, 'quantity', x.quantity,
                       'unitCents', x.unit_cents, 'amountCents', x.amount_cents) ORDER BY x._order)
                     FROM invoices_lines x WHERE x._parent_id = i.id), '[]') AS lines
    FROM invoices i LEFT JOIN leads l ON l.id = i.lead_id
    WHERE i.kind = 'invoice' AND i.number IS NOT NULL AND i.sent_at IS NOT NULL
      AND ${inMonth(sql.raw('i.sent_at'), month, zone)}
    ORDER BY i.sent_at, i.id`)) as unknown as Rows
  const invoices: QuickbooksInvoice[] = result.rows.map((r) => ({
    number: String(r.number),
    customer: String(r.customer),
    invoiceDate: String(r.invoice_date),
    dueDate: String(r.due_date),
    serviceDate: r.service_date == null ? null : String(r.service_date),
    discountCents: Number(r.discount_cents),
    lines: (r.lines as Record<string, unknown>[]).map((x) => ({
      description: String(x.description),
      quantity: Number(x.quantity),
      unitCents: Number(x.unitCents),
      amountCents: Number(x.amountCents ?? Number(x.quantity) * Number(x.unitCents)),
    })),
  }))
  return quickbooksInvoicesCsv(invoices)
})

// Payments and deposits received in the month. A deposit is paid on the quote: its invoice is
// the one later drafted from that quote, once sent. References as in the payments CSV.
export const quickbooksPayments = quickbooksExport('payments', async (req, month, zone) => {
  const db = await dbOf(req.payload, req)
  const result = (await db.execute(sql`
    SELECT ${usDate(sql`(p.received_at AT TIME ZONE ${zone})::date`)} AS date, p.method, p.amount_cents,
           coalesce(nullif(trim(p.reference), ''), regexp_replace(p.stripe_id, '^refund:', '')) AS reference,
           coalesce(i.number, (SELECT d.number FROM invoices d
             WHERE p.invoice_id IS NULL AND p.quote_id IS NOT NULL AND d.quote_id = p.quote_id
               AND d.kind = 'invoice' AND d.number IS NOT NULL ORDER BY d.id LIMIT 1)) AS number,
           coalesce(nullif(trim(i.customer_name), ''),
                    nullif(trim(concat_ws(' ', l.first_name, l.last_name)), ''), '') AS customer
    FROM payments p
      LEFT JOIN invoices i ON i.id = p.invoice_id
      LEFT JOIN leads l ON l.id = p.lead_id
    WHERE p.kind IN ('payment', 'deposit') AND p.amount_cents > 0
      AND ${inMonth(sql.raw('p.received_at'), month, zone)}
    ORDER BY p.received_at, p.id`)) as unknown as Rows
  const payments: QuickbooksPayment[] = result.rows.map((r) => ({
    date: String(r.date),
    customer: String(r.customer),
    invoiceNumber: (r.number as string | null) ?? null,
    amountCents: Number(r.amount_cents),
    method: r.method as QuickbooksPayment['method'],
    reference: (r.reference as string | null) ?? null,
  }))
  return quickbooksPaymentsCsv(payments)
})
