import { createHash, randomUUID } from 'node:crypto'

import { sql } from '@payloadcms/db-postgres'
import { commitTransaction, initTransaction, killTransaction, ValidationError } from 'payload'
import type { Endpoint, PayloadRequest } from 'payload'

import { isApprovedStaff } from '@/access/isApprovedStaff'
import { formatBusinessDate } from '@/lib/business-time'
import { LEAD_NOTE_MAX } from '@/lib/lead-events'
import {
  completeWithVisitQuestion,
  LEAD_FORM_ERRORS,
  ON_MY_WAY_SENT,
  statusRefusal,
  TEXT_SENT,
  withOutcome,
  type LeadFormError,
  type LeadFormOutcome,
} from '@/lib/lead-forms'
import { CONTROL_CHARACTERS_EXCEPT_LINES } from '@/lib/request-schema'
import { ADMIN_HOME, safeAdminRedirect } from '@/lib/safe-redirect'
import { answeredWhenFailing } from '@/server/customer-form-failure'
import { readFormOrRefusal } from '@/server/read-capped-body'
import { bookingSettings, cancelVisit, upcomingVisitOf } from '@/collections/Visits/bookings'
import { type SendOutcome, sendTextOnce } from '@/collections/TextMessages/sendText'
import { isOptedOut } from '@/collections/TextOptOuts/optOuts'
import { TEXT_BODY_MAX, UNSUBSCRIBED_ERROR, toE164 } from '@/lib/text-messages'
import { leadAdminPath } from '@/lib/server-url'
import { type OnMyWay, textOnMyWay } from '@/collections/TextMessages/customerTexts'
import { rowId } from '@/lib/row-id'
import { REPLY_CONSENT_FIELD, REPLY_CONSENT_VALUE, consentBasisOf } from '@/lib/text-consent'
import type { Lead } from '@/payload-types'
import { dbOf } from '@/server/db'

// A note of LEAD_NOTE_MAX characters, each up to 4 UTF-8 bytes sent as %XX: 24 000 bytes.
const MAX_BODY_BYTES = 64 * 1024
const noStore = { 'Cache-Control': 'no-store, private' }
const json = (status: number, body: Record<string, unknown>) =>
  Response.json(body, { status, headers: noStore })
const refuse = (status: number, message: string) => json(status, { errors: [{ message }] })

const wantsJson = (req: PayloadRequest) => Boolean(req.headers.get('accept')?.includes('application/json'))

// The back office's forms post here without any script: the answer is a redirect back to the
// view they were on (`back`), whose address names the outcome. Its script asks for JSON, which
// carries that address too (`location`: PostForm goes there in place). Only approved staff are
// answered; Payload reads the session cookie only from the site's own pages (`csrf` in
// payload.config.ts: the Origin, or without one Sec-Fetch-Site), and the cookie is SameSite=Lax,
// so a post from another site is anonymous.
export function answer(
  req: PayloadRequest,
  back: string,
  status: number,
  outcome: LeadFormOutcome,
  body: Record<string, unknown> = {},
): Response {
  const location = withOutcome(back, outcome)
  if (wantsJson(req)) {
    const words = outcome.kind === 'error' ? { errors: [{ message: LEAD_FORM_ERRORS[outcome.error] }] } : body
    return json(status, { ...words, location })
  }
  return new Response(null, { status: 303, headers: { ...noStore, Location: location } })
}

export const failed = (req: PayloadRequest, back: string, status: number, error: LeadFormError) =>
  answer(req, back, status, { kind: 'error', error })

export type Handler = (
  req: PayloadRequest,
  lead: number,
  form: URLSearchParams,
  back: string,
) => Promise<Response>

// What both forms share: the caller, the lead's id, the body and where to go back to.
export function leadForm(name: string, handle: Handler): Endpoint['handler'] {
  return answeredWhenFailing(name, async (req) => {
    if (!isApprovedStaff(req.user)) return refuse(403, 'You are not allowed to perform this action.')
    const lead = rowId(req.routeParams?.id)
    if (lead === null) return refuse(404, 'Not Found')
    const form = await readFormOrRefusal(req as unknown as Request, MAX_BODY_BYTES, noStore)
    if (form instanceof Response) return form
    // Back to a view of the back office; anything else (or nothing) goes to the lead's details.
    const back = safeAdminRedirect(form.get('back'))
    return handle(req, lead, form, back === ADMIN_HOME ? leadAdminPath(lead) : back)
  })
}

export async function readLead(req: PayloadRequest, id: number) {
  return req.payload.findByID({
    collection: 'leads',
    id,
    depth: 0,
    disableErrors: true,
    overrideAccess: false,
    user: req.user,
  })
}

// Moves the lead one step, by the collection's own validation. Completing a lead whose visit
// is still ahead is asked first (the visit's id comes back with the confirmation, so a visit
// booked meanwhile is asked about in turn); confirmed, the visit is cancelled in the same
// transaction: the van's place is freed, the customer's calendar event is called off, and no
// reminder goes.
const changeStatus: Handler = async (req, id, form, back) => {
  const lead = await readLead(req, id)
  if (!lead) return failed(req, back, 404, 'missing')
  const to = form.get('status')
  const refusal = statusRefusal(lead, to)
  if (refusal) return failed(req, back, 400, refusal)
  const status = to as NonNullable<typeof lead.status>
  const visit =
    status === 'completed' && lead.status !== status ? await upcomingVisitOf(req.payload, req, id) : null
  if (visit && form.get('visit') !== String(visit.id)) {
    const settings = await bookingSettings(req.payload)
    const when = formatBusinessDate(visit.start, settings.timeZone)
    const question = completeWithVisitQuestion(when)
    // Asked on the job's page, wherever the button was tapped.
    return answer(
      req,
      leadAdminPath(id),
      409,
      { kind: 'confirm-completed' },
      {
        errors: [{ message: question }],
        visit: { id: visit.id, when },
      },
    )
  }
  const settings = visit ? await bookingSettings(req.payload) : null
  const own = await initTransaction(req)
  try {
    if (visit && settings) {
      await cancelVisit(
        req,
        settings,
        { visit: visit.id },
        {
          byCustomer: false,
          user: req.user?.id,
          why: 'The job was marked completed',
        },
      )
    }
    await req.payload.update({
      collection: 'leads',
      id,
      data: { status },
      depth: 0,
      overrideAccess: false,
      user: req.user,
      req,
    })
    if (own) await commitTransaction(req)
  } catch (error) {
    if (own) await killTransaction(req)
    if (error instanceof ValidationError) return failed(req, back, 400, 'status')
    throw error
  }
  return answer(req, back, 200, { kind: 'status', status }, { message: 'Status Updated', status })
}

// A note on the lead's timeline in the caller's name, as POST /api/lead-events writes it.
const addNote: Handler = async (req, id, form, back) => {
  const text = (form.get('text') ?? '').trim()
  if (!text) return failed(req, back, 400, 'note-empty')
  if (text.length > LEAD_NOTE_MAX) return failed(req, back, 400, 'note-long')
  // No keyboard types these; PostgreSQL refuses NUL outright. Lines and tabs are kept.
  if (CONTROL_CHARACTERS_EXCEPT_LINES.test(text)) return failed(req, back, 400, 'note-characters')
  if (!(await readLead(req, id))) return failed(req, back, 404, 'missing')
  await req.payload.create({
    collection: 'lead-events',
    data: { lead: id, kind: 'note', text },
    depth: 0,
    overrideAccess: false,
    user: req.user,
    req,
  })
  return answer(req, back, 201, { kind: 'note' }, { message: 'Note added' })
}

const REPLY_FORM_KEY = /^[A-Za-z0-9_-]{16,64}$/

// One text per rendered form and words: a second tap on a slow phone, or the same post reaching
// two instances, sends nothing more; other words typed into a stale form are a text of their own.
function replyKey(lead: number, formKey: string | null, body: string): string {
  const form = formKey && REPLY_FORM_KEY.test(formKey) ? formKey : randomUUID()
  const words = createHash('sha256').update(body).digest('base64url').slice(0, 22)
  return `lead-reply:${lead}:${form}:${words}`
}

// Whether the customer texted the business on this lead (a later lead of a number that texted
// first, or a form's lead the customer answered by text).
async function textedIn(req: PayloadRequest, lead: number): Promise<boolean> {
  const { totalDocs } = await req.payload.count({
    collection: 'text-messages',
    where: { lead: { equals: lead }, direction: { equals: 'in' } },
    overrideAccess: true,
  })
  return totalDocs > 0
}

// The customer's agreement given by phone, as staff record it from the Details tab (the lead's
// hooks set who and when, and put it on the timeline). The lead's row is locked first, so two
// posts of one form record it once.
async function recordConsentByPhone(req: PayloadRequest, id: number): Promise<'phone'> {
  const own = await initTransaction(req)
  try {
    const db = await dbOf(req.payload, req)
    const rows = (await db.execute(
      sql`SELECT text_consent_at FROM leads WHERE id = ${id} FOR UPDATE`,
    )) as unknown as { rows: { text_consent_at: string | null }[] }
    if (rows.rows[0] && !rows.rows[0].text_consent_at) {
      await req.payload.update({
        collection: 'leads',
        id,
        data: { textConsentByPhone: true } satisfies Partial<Lead>,
        depth: 0,
        overrideAccess: false,
        user: req.user,
        req,
      })
    }
    if (own) await commitTransaction(req)
  } catch (error) {
    if (own) await killTransaction(req)
    throw error
  }
  return 'phone'
}

// A text to the lead's phone from the lead's details, recorded on the lead's conversation. A
// number that texted STOP gets nothing and nothing is stored; a text the provider refused or
// could not take stays on the timeline as failed, with why.
const replyByText: Handler = async (req, id, form, back) => {
  const body = (form.get('text') ?? '').trim()
  if (!body) return failed(req, back, 400, 'text-empty')
  if (body.length > TEXT_BODY_MAX) return failed(req, back, 400, 'text-long')
  if (CONTROL_CHARACTERS_EXCEPT_LINES.test(body)) return failed(req, back, 400, 'text-characters')
  const lead = await readLead(req, id)
  if (!lead) return failed(req, back, 404, 'missing')
  // An erased lead's phone is a placeholder that reaches nobody.
  if (lead.erasedAt) return failed(req, back, 422, 'text-number')
  // Asked before the claim below, which is kept whatever comes of it: the same form sent again
  // after the customer's START must still go.
  const to = toE164(lead.phone)
  if (!to) return failed(req, back, 422, 'text-number')
  if (await isOptedOut(req.payload, to)) return failed(req, back, 409, 'text-opted-out')
  // A customer who neither texted in nor agreed to texts is asked about first: the owner's tick
  // records their agreement by phone (who, when) and the text goes with it.
  let basis = consentBasisOf(lead, await textedIn(req, id))
  if (!basis) {
    if (form.get(REPLY_CONSENT_FIELD) !== REPLY_CONSENT_VALUE) return failed(req, back, 409, 'text-consent')
    try {
      basis = await recordConsentByPhone(req, id)
    } catch (error) {
      // The lead's own rule: agreement by phone needs a phone number on the lead.
      if (error instanceof ValidationError) return failed(req, back, 422, 'text-number')
      throw error
    }
  }
  let outcome: SendOutcome | null
  try {
    outcome = await sendTextOnce(req.payload, replyKey(id, form.get('key'), body), {
      to,
      body,
      lead: id,
      sentBy: req.user?.id ?? null,
      consentBasis: basis,
    })
  } catch (err) {
    req.payload.logger.error({ err, msg: `lead text: not sent for lead ${id}` })
    return failed(req, back, 502, 'text-failed')
  }
  // Null: the same form's twin (a second tap, another instance) sent it a moment ago.
  if (!outcome) return answer(req, back, 201, { kind: 'text' }, { message: TEXT_SENT })
  if (outcome.status === 'opted-out') return failed(req, back, 409, 'text-opted-out')
  if (outcome.status === 'invalid-number') return failed(req, back, 422, 'text-number')
  if (outcome.status === 'refused') {
    return failed(req, back, 409, outcome.code === UNSUBSCRIBED_ERROR ? 'text-opted-out' : 'text-failed')
  }
  return answer(req, back, 201, { kind: 'text' }, { message: TEXT_SENT })
}

// "On my way" to the customer of the lead's visit today: one text per tap, none for a second
// tap within minutes (claimed on the visit's row, so across instances too).
const ON_MY_WAY_REFUSALS = {
  'not-today': [409, 'on-my-way-visit'],
  recent: [409, 'on-my-way-recent'],
  'no-consent': [409, 'on-my-way-consent'],
  'opted-out': [409, 'on-my-way-opted-out'],
  failed: [502, 'on-my-way-failed'],
} as const satisfies Record<Exclude<OnMyWay, 'sent'>, readonly [number, LeadFormError]>

const onMyWay: Handler = async (req, id, form, back) => {
  if (!(await readLead(req, id))) return failed(req, back, 404, 'missing')
  const visit = Number(form.get('visit'))
  const result =
    Number.isSafeInteger(visit) && visit > 0
      ? await textOnMyWay(req.payload, id, visit, req.user?.id ?? null)
      : 'not-today'
  if (result !== 'sent') {
    const [status, error] = ON_MY_WAY_REFUSALS[result]
    return failed(req, back, status, error)
  }
  return answer(req, back, 200, { kind: 'on-my-way' }, { message: ON_MY_WAY_SENT })
}

export const leadStatusForm: Endpoint = {
  path: '/:id/status',
  method: 'post',
  handler: leadForm('lead status form', changeStatus),
}
export const leadNoteForm: Endpoint = {
  path: '/:id/note',
  method: 'post',
  handler: leadForm('lead note form', addNote),
}
export const leadTextForm: Endpoint = {
  path: '/:id/text',
  method: 'post',
  handler: leadForm('lead text form', replyByText),
}
export const leadOnMyWayForm: Endpoint = {
  path: '/:id/on-my-way',
  method: 'post',
  handler: leadForm('on my way form', onMyWay),
}
