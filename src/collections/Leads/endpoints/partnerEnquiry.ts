import { ValidationError } from 'payload'
import type { Endpoint, Payload, PayloadRequest } from 'payload'

import { isApprovedStaff } from '@/access/isApprovedStaff'
import { readDraft, removeDraft, saveDraft } from '@/collections/Leads/requestDrafts'
import { PARTNERSHIP_SERVICE } from '@/lib/catalog'
import { PARTNER_CHANNEL } from '@/lib/lead-source'
import {
  PARTNER_ENQUIRY_FIELDS,
  PARTNER_FIELD_MAX,
  PARTNER_PAGE,
  PARTNER_RATE_LIMITED,
  partnerEnquiryDescription,
  partnerEnquirySchema,
  splitContactName,
  type PartnerEnquiry,
} from '@/lib/partner-enquiry'
import { DRAFT_FIELD, HONEYPOT_FIELD } from '@/lib/request-constants'
import { fieldErrors } from '@/lib/request-schema'
import { isCrossSite, isPlainFormPost } from '@/server/cross-site'
import { answeredWhenFailing } from '@/server/customer-form-failure'
import { clientAddress, hitRequestRateLimit } from '@/server/rate-limit'
import { readFormOrRefusal } from '@/server/read-capped-body'

import { CROSS_SITE_REQUEST } from './submitRequest'

// Five short fields, each up to 4 UTF-8 bytes a character sent as %XX.
const MAX_BODY_BYTES = 16 * 1024
const noStore = { 'Cache-Control': 'no-store, private' }
// Drafts of this form share the request forms' store, told apart by this name.
export const PARTNER_DRAFT = 'partner-enquiry'

type Outcome =
  | { kind: 'sent' }
  | { kind: 'invalid'; errors: Record<string, string> }
  | { kind: 'refused'; status: number; message: string; retryAfter?: number }

const json = (status: number, body: Record<string, unknown>, headers: Record<string, string> = {}) =>
  Response.json(body, { status, headers: { ...noStore, ...headers } })

// Where the lead's fields land on the form.
const FORM_FIELD_OF: Record<string, string> = {
  dealershipName: 'dealership',
  firstName: 'contactName',
  lastName: 'contactName',
  phone: 'phone',
  email: 'email',
  carsPerMonth: 'carsPerMonth',
}

/**
 * POST /api/partner-enquiries (URL-encoded): the "Become a partner" form. As the quote forms:
 * refused from another site, rate-limited per connection, a honeypot, each field's message and
 * nothing stored on bad input; a script gets JSON, a browser posting the form itself a 303 to
 * the page (sent, or the form again with what was typed and the messages).
 */
export const partnerEnquiry: Endpoint = {
  path: '/partner-enquiries',
  method: 'post',
  handler: answeredWhenFailing('partner enquiry', async (req) => {
    if (isCrossSite(req)) return json(403, { message: CROSS_SITE_REQUEST })
    if (!isApprovedStaff(req.user)) {
      const limit = await hitRequestRateLimit(req.payload, clientAddress(req.headers))
      if (!limit.allowed) {
        return answer(req, null, {
          kind: 'refused',
          status: 429,
          message: PARTNER_RATE_LIMITED,
          retryAfter: limit.retryAfterSeconds,
        })
      }
    }
    const form = await readFormOrRefusal(req as unknown as Request, MAX_BODY_BYTES, noStore)
    if (form instanceof Response) {
      return isPlainFormPost(req.headers) ? seeOther({ error: 'failed' }) : form
    }
    // A person never sees this field; whatever fills it in is a bot.
    if (form.get(HONEYPOT_FIELD)) {
      return answer(req, null, { kind: 'refused', status: 400, message: 'This request was not accepted.' })
    }
    const parsed = partnerEnquirySchema.safeParse(
      Object.fromEntries(PARTNER_ENQUIRY_FIELDS.map((f) => [f, form.get(f) ?? ''])),
    )
    const outcome = parsed.success
      ? await storeEnquiry(req, parsed.data)
      : ({ kind: 'invalid', errors: fieldErrors(parsed.error) } as const)
    if (outcome.kind === 'sent') await removeDraft(req.payload, form.get(DRAFT_FIELD)).catch(() => undefined)
    return answer(req, form, outcome)
  }),
}

async function storeEnquiry(req: PayloadRequest, enquiry: PartnerEnquiry): Promise<Outcome> {
  const name = splitContactName(enquiry.contactName)!
  try {
    await req.payload.create({
      collection: 'leads',
      data: {
        ...name,
        phone: enquiry.phone,
        email: enquiry.email,
        description: partnerEnquiryDescription(enquiry),
        // Not a repair: a dealership's work is priced by its own list once it is a partner.
        serviceType: PARTNERSHIP_SERVICE.key,
        status: 'new',
        channel: PARTNER_CHANNEL,
        dealershipName: enquiry.dealership,
        carsPerMonth: enquiry.carsPerMonth,
      },
      depth: 0,
      overrideAccess: true,
      // Counted above, once per submission.
      context: { requestRateLimitCounted: true },
    })
    return { kind: 'sent' }
  } catch (err) {
    if (!(err instanceof ValidationError)) throw err
    const errors: Record<string, string> = {}
    for (const { path, message } of err.data.errors) errors[FORM_FIELD_OF[String(path)] ?? 'form'] ??= message
    return { kind: 'invalid', errors }
  }
}

function seeOther(params: Record<string, string>): Response {
  const location = `${PARTNER_PAGE}?${new URLSearchParams(params)}#partner`
  return new Response(null, { status: 303, headers: { ...noStore, Location: location } })
}

async function answer(
  req: PayloadRequest,
  form: URLSearchParams | null,
  outcome: Outcome,
): Promise<Response> {
  if (!isPlainFormPost(req.headers)) {
    if (outcome.kind === 'sent') return json(201, { message: 'Enquiry received' })
    if (outcome.kind === 'invalid') {
      return json(400, { message: 'Please check the highlighted fields.', fieldErrors: outcome.errors })
    }
    const headers: Record<string, string> = outcome.retryAfter
      ? { 'Retry-After': String(outcome.retryAfter) }
      : {}
    return json(outcome.status, { message: outcome.message }, headers)
  }
  if (outcome.kind === 'sent') return seeOther({ sent: '1' })
  if (outcome.kind === 'refused')
    return seeOther({ error: outcome.status === 429 ? 'rate-limited' : 'failed' })
  // Sent back with what was typed, kept server-side under a token (never in the URL).
  const values: Record<string, string> = {}
  for (const field of PARTNER_ENQUIRY_FIELDS) {
    const value = form?.get(field)
    if (value) values[field] = value.slice(0, field === 'carsPerMonth' ? 10 : PARTNER_FIELD_MAX[field])
  }
  const token = await saveDraft(req.payload, {
    serviceType: PARTNER_DRAFT,
    values,
    errors: outcome.errors,
    photos: 0,
  })
  return seeOther({ draft: token })
}

/** The sent-back form, when the token is one of this form's. */
export async function readPartnerDraft(payload: Payload, token: unknown) {
  const draft = await readDraft(payload, token)
  return draft?.serviceType === PARTNER_DRAFT ? draft : null
}
