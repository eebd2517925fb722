import { sql } from '@payloadcms/db-postgres'
import type { Endpoint } from 'payload'

import { isApprovedStaff } from '@/access/isApprovedStaff'
import { businessTimeZone } from '@/lib/business-time'
import { isCalendarDay } from '@/lib/calendar-day'
import { type PaymentCsvRow, STATEMENT_PAYMENT_KIND, paymentsCsv } from '@/lib/payments-csv'
import { dbOf } from '@/server/db'

// GET /api/payments/export.csv?from=YYYY-MM-DD&to=YYYY-MM-DD: the payments, deposits and refunds
// received between those days (the business's, both included), and the dealerships' payments of
// their statements, oldest first, for the bookkeeper.
export const exportPayments: Endpoint = {
  path: '/export.csv',
  method: 'get',
  handler: async (req) => {
    const noStore = { 'Cache-Control': 'no-store, private' }
    if (!isApprovedStaff(req.user))
      return Response.json(
        { errors: [{ message: 'You are not allowed to perform this action.' }] },
        { status: 403, headers: noStore },
      )
    const from = req.searchParams.get('from') ?? ''
    const to = req.searchParams.get('to') ?? ''
    if (!isCalendarDay(from) || !isCalendarDay(to)) {
      return Response.json(
        { errors: [{ message: 'Give the first and last day as from=YYYY-MM-DD&to=YYYY-MM-DD.' }] },
        { status: 400, headers: noStore },
      )
    }
    // Said apart: the back office's form lets the two days be picked in either order.
    if (from > to) {
      return Response.json(
        { errors: [{ message: `The first day (${from}) comes after the last (${to}).` }] },
        { status: 400, headers: noStore },
      )
    }
    const settings = await req.payload.findGlobal({ slug: 'site-settings', depth: 0, req })
    const zone = businessTimeZone(settings.timeZone)
    const db = await dbOf(req.payload, req)
    // A deposit (and its refund) is paid on the quote, before any invoice: its lead says whose.
    const within = (at: ReturnType<typeof sql>) =>
      sql`(${at} AT TIME ZONE ${zone})::date BETWEEN ${from}::date AND ${to}::date`
    const result = (await db.execute(sql`
      SELECT * FROM (
        SELECT p.received_at, p.kind::text AS kind, p.method::text AS method, p.amount_cents,
               p.stripe_fee_cents,
               coalesce(nullif(trim(p.reference), ''), regexp_replace(p.stripe_id, '^refund:', '')) AS reference,
               i.number,
               coalesce(i.customer_name, nullif(trim(concat_ws(' ', l.first_name, l.last_name)), ''))
                 AS customer_name,
               (p.invoice_id IS NULL AND p.quote_id IS NOT NULL) AS of_deposit, 0 AS source, p.id
        FROM payments p
          LEFT JOIN invoices i ON i.id = p.invoice_id
          LEFT JOIN leads l ON l.id = p.lead_id
        WHERE ${within(sql`p.received_at`)} AND p.amount_cents > 0
        UNION ALL
        SELECT sp.received_at, ${STATEMENT_PAYMENT_KIND}, sp.method::text, sp.amount_cents, NULL,
               nullif(trim(sp.reference), ''), s.number, s.dealership_name, false, 1, sp.id
        FROM statement_payments sp
          LEFT JOIN statements s ON s.id = sp.statement_id
        WHERE ${within(sql`sp.received_at`)} AND sp.amount_cents > 0
      ) rows
      ORDER BY received_at, source, id`)) as unknown as { rows: Record<string, unknown>[] }
    const rows: PaymentCsvRow[] = result.rows.map((r) => ({
      receivedAt: new Date(String(r.received_at)).toISOString(),
      kind: r.kind as PaymentCsvRow['kind'],
      method: r.method as PaymentCsvRow['method'],
      amountCents: Number(r.amount_cents),
      stripeFeeCents: r.stripe_fee_cents == null ? null : Number(r.stripe_fee_cents),
      reference: (r.reference as string | null) ?? null,
      invoiceNumber: (r.number as string | null) ?? null,
      customer: (r.customer_name as string | null) ?? null,
      ofDeposit: r.of_deposit === true,
    }))
    return new Response(paymentsCsv(rows, zone), {
      status: 200,
      headers: {
        ...noStore,
        'Content-Type': 'text/csv; charset=utf-8',
        'Content-Disposition': `attachment; filename="payments-${from}-to-${to}.csv"`,
      },
    })
  },
}
