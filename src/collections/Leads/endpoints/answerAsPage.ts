import type { Payload } from 'payload'

import { MAIN_FORM_SERVICE } from '@/lib/catalog'
import { HONEYPOT_FIELD, REQUEST_PAGE, SERVICE_PARAM } from '@/lib/request-constants'
import type { RequestPageError } from '@/lib/request-messages'
import { serviceTypeSchema } from '@/lib/request-schema'
import { keptValues, saveDraft } from '@/collections/Leads/requestDrafts'

/** What the endpoint read of the request, once it has read it. */
export type Received = { fields?: ReadonlyMap<string, string>; photos?: number }

const noStore = { 'Cache-Control': 'no-store, private' }

// Relative, as the login form's: behind a proxy the request's own URL may name another host, and
// the pages' CSP (form-action 'self') would block the redirect.
function seeOther(params: Record<string, string>): Response {
  const location = `${REQUEST_PAGE}?${new URLSearchParams(params)}#quote`
  return new Response(null, { status: 303, headers: { ...noStore, Location: location } })
}

function failedWithout(service: string, error: RequestPageError): Response {
  const params: Record<string, string> = { error }
  if (service !== MAIN_FORM_SERVICE.key) params[SERVICE_PARAM] = service
  return seeOther(params)
}

// The JSON answer, said to a browser that posted the form itself: the request page with the
// spec's success text, or with the form again as the visitor filled it in and each field's message.
export async function answerAsPage(payload: Payload, json: Response, received: Received): Promise<Response> {
  const body = (await json.json().catch(() => ({}))) as {
    photos?: number
    outsideArea?: boolean
    fieldErrors?: Record<string, string>
  }
  const fields = received.fields
  const parsedService = serviceTypeSchema.safeParse(fields?.get('serviceType'))
  const service = parsedService.success ? parsedService.data : MAIN_FORM_SERVICE.key
  if (json.ok) {
    const params: Record<string, string> = { sent: service, photos: String(body.photos ?? 0) }
    if (body.outsideArea) params.outside = '1'
    return seeOther(params)
  }
  if (json.status === 429) return failedWithout(service, 'rate-limited')
  // Not read (too large, unreadable), or a bot's: nothing to keep.
  if (!fields) return failedWithout(service, json.status === 413 ? 'too-large' : 'failed')
  if (fields.get(HONEYPOT_FIELD)) return failedWithout(service, 'failed')
  try {
    const token = await saveDraft(payload, {
      serviceType: service,
      values: keptValues(fields),
      errors: body.fieldErrors ?? {},
      photos: received.photos ?? 0,
    })
    return seeOther({ draft: token })
  } catch (err) {
    payload.logger.error({ err, msg: 'customer request: could not keep the form to send back' })
    return failedWithout(service, 'failed')
  }
}
