import { sql } from '@payloadcms/db-postgres'
import type { Payload, TaskConfig } from 'payload'

import { mailAboutLeadOnce } from '@/collections/LeadEvents/timeline'
import { sendTextOnce } from '@/collections/TextMessages/sendText'
import { notificationAddresses } from '@/lib/business'
import { alertExcerpt, ownerAlertText } from '@/lib/owner-alerts'
import { leadAdminPath } from '@/lib/server-url'
import { workOrderAdminPath } from '@/lib/work-order-forms'
import { serverUrl } from '@/lib/server-url'
import { PHOTOS_ONLY_DESCRIPTION, TEXT_LEAD_NAME, parsePhoneList } from '@/lib/text-messages'
import { workOrderLabel } from '@/lib/work-order-number'
import { dbOf } from '@/server/db'
import { deliverOnce } from '@/server/email-delivery'
import { formatMoney } from '@/lib/money'

export type OwnerAlert = {
  // Names the event: one alert per event and recipient, whatever the runners and retries.
  key: string
  // The line about the event; what a visitor typed in it is cleaned and cut (ownerAlertText).
  about: string
  // The back office's page of the event (its job page, or the work order's).
  path: string
  lead?: number | null
  // Also e-mailed to the notification addresses (the events no other e-mail tells the business).
  email?: boolean
}

/**
 * Tells the owner: a text to each notification phone and, with `email`, an e-mail to the
 * notification addresses, each channel as Site Settings has it. Each goes once per event and
 * recipient through the delivery ledger (src/server/email-delivery.ts); an owner's number that
 * texted STOP is refused as any other (sendText). Throws the first failure, after the others had
 * their go, so the job's retry sends only what failed.
 */
export async function alertOwner(payload: Payload, alert: OwnerAlert): Promise<number> {
  const settings = await payload.findGlobal({ slug: 'site-settings', depth: 0, overrideAccess: true })
  const link = `${serverUrl()}${alert.path}`
  const body = ownerAlertText(alert.about, link)
  const lead = alert.lead ?? null
  let sent = 0
  const failures: unknown[] = []
  if (settings.alertTexts !== false) {
    for (const to of parsePhoneList(settings.notificationPhones).numbers) {
      try {
        const outcome = await sendTextOnce(
          payload,
          `owner-alert:${alert.key}:${to}`,
          // Filed under its lead: it goes when the lead is deleted or erased.
          { to, body, lead, toBusiness: true },
          lead ? { lead, what: 'Text alert to the business' } : undefined,
        )
        if (outcome?.status === 'sent') sent += 1
      } catch (error) {
        failures.push(error)
      }
    }
  }
  const to = notificationAddresses(settings.notificationRecipients ?? '')
  if (alert.email && settings.alertEmails !== false && to.length) {
    const mail = { to, subject: alertExcerpt(alert.about), text: body }
    const key = `owner-alert:${alert.key}`
    try {
      const mailed = lead
        ? await mailAboutLeadOnce(payload, key, { lead, what: 'Alert to the business' }, mail)
        : await deliverOnce(payload, key, async (withHandOver) => {
            await payload.sendEmail(withHandOver(mail))
            return true
          })
      if (mailed) sent += 1
    } catch (error) {
      failures.push(error)
    }
  }
  if (failures.length) throw failures[0]
  return sent
}

type LeadNames = { first_name: string; last_name: string; phone: string }

// The customer as the owner knows them: their name, or their number for a texted lead.
const customerOf = (l: LeadNames) =>
  l.first_name === TEXT_LEAD_NAME.firstName && l.last_name === TEXT_LEAD_NAME.lastName
    ? l.phone
    : `${l.first_name} ${l.last_name}`

type Rows<T> = { rows: T[] }

// What each kind of event says, read when the job runs; null when it has nothing to tell any
// more (its lead erased, its record gone).
const EVENTS: Record<string, (payload: Payload, id: number, change: string) => Promise<OwnerAlert | null>> = {
  // A customer's (or dealer's) text on an open lead: the first of a burst (receiveText.ts).
  reply: async (payload, id) => {
    const db = await dbOf(payload)
    const { rows } = (await db.execute(sql`
        SELECT t.body, t.media_count, l.id AS lead, l.first_name, l.last_name, l.phone
        FROM text_messages t JOIN leads l ON l.id = t.lead_id
        WHERE t.id = ${id} AND l.erased_at IS NULL`)) as unknown as Rows<
      LeadNames & { body: string | null; media_count: number | null; lead: number }
    >
    const t = rows[0]
    if (!t) return null
    const words = t.body?.trim() ? t.body : PHOTOS_ONLY_DESCRIPTION
    return {
      key: `reply:${id}`,
      about: `Text from ${customerOf(t)}: "${alertExcerpt(words)}"`,
      path: leadAdminPath(t.lead),
      lead: Number(t.lead),
      email: true,
    }
  },
  // A deposit or an invoice paid online (the Stripe webhook).
  payment: async (payload, id) => {
    const db = await dbOf(payload)
    const { rows } = (await db.execute(sql`
        SELECT p.kind, p.amount_cents, i.number, l.id AS lead, l.first_name, l.last_name, l.phone
        FROM payments p JOIN leads l ON l.id = p.lead_id LEFT JOIN invoices i ON i.id = p.invoice_id
        WHERE p.id = ${id} AND l.erased_at IS NULL`)) as unknown as Rows<
      LeadNames & { kind: string; amount_cents: number; number: string | null; lead: number }
    >
    const p = rows[0]
    if (!p) return null
    const what = p.kind === 'deposit' ? 'Deposit' : p.number ? `Invoice ${p.number}` : 'Invoice'
    return {
      key: `payment:${id}`,
      about: `${what} paid: ${formatMoney(Number(p.amount_cents))} by ${customerOf(p)}`,
      path: leadAdminPath(p.lead),
      lead: Number(p.lead),
      email: true,
    }
  },
  // A dealership's new work order, or its change to one (`change`: 'new', or the save's time).
  'work-order': async (payload, id, change) => {
    const order = await payload.findByID({
      collection: 'work-orders',
      id,
      depth: 1,
      overrideAccess: true,
      disableErrors: true,
    })
    if (!order) return null
    const dealership = typeof order.dealership === 'object' ? order.dealership?.name : null
    const cars = order.vehicles?.length ?? 0
    const due = order.dueDate ? `, due ${order.dueDate.slice(0, 10)}` : ''
    const label = workOrderLabel(order)
    const by = alertExcerpt(dealership ?? 'a dealership', 60)
    return {
      key: `work-order:${id}:${change}`,
      about:
        change === 'new'
          ? `New work order ${label} from ${by}: ${cars} car${cars === 1 ? '' : 's'}${due}`
          : `Work order ${label} changed by ${by}: ${cars} car${cars === 1 ? '' : 's'}${due}`,
      path: workOrderAdminPath(id),
      email: true,
    }
  },
}

export const OWNER_ALERT_KINDS = Object.keys(EVENTS)

// What needs the owner and no other job tells them: queued in the transaction that recorded the
// event, so a rolled-back one alerts nobody, and only by the request that recorded it.
export const sendOwnerAlert: TaskConfig<'sendOwnerAlert'> = {
  slug: 'sendOwnerAlert',
  label: 'Alert the business',
  inputSchema: [
    { name: 'kind', type: 'text', required: true },
    { name: 'id', type: 'number', required: true },
    { name: 'change', type: 'text' },
  ],
  outputSchema: [{ name: 'sent', type: 'number' }],
  retries: { attempts: 12, backoff: { type: 'exponential', delay: 30_000 } },
  handler: async ({ input, req }) => {
    const event = EVENTS[input.kind]
    const alert = event ? await event(req.payload, input.id, input.change ?? 'new') : null
    if (!alert) return { output: { sent: 0 } }
    return { output: { sent: await alertOwner(req.payload, alert) } }
  },
}
