import { commitTransaction, initTransaction, killTransaction } from 'payload'
import type { Endpoint, PayloadRequest } from 'payload'

import { CONTROL_CHARACTERS_EXCEPT_LINES } from '@/lib/request-schema'
import { CHANGE_REQUEST_MAX, QUOTE_LINK_ENDPOINTS } from '@/lib/quote-status'
import { answeredWhenFailing } from '@/server/customer-form-failure'
import { answerQuote, quoteForToken } from '@/collections/Quotes/customerLinks'
import { depositCheckout, depositStateOf } from '@/payments/deposits'
import { linkNonceOf } from '@/server/customer-link-token'
import { readFormOrRefusal } from '@/server/read-capped-body'
import { clientAddress, hitCustomerLinkLimit } from '@/server/rate-limit'

const MAX_BODY_BYTES = 16 * 1024

const noStore = { 'Cache-Control': 'no-store, private' }
const json = (status: number, body: Record<string, unknown>, headers: Record<string, string> = {}) =>
  Response.json(body, { status, headers: { ...noStore, ...headers } })

// The page's forms post here without any script: the answer is a redirect back to the
// quote's page, which then says what happened. Scripts (and tests) may ask for JSON.
function answer(
  req: PayloadRequest,
  token: string,
  status: number,
  message: string,
  headers: Record<string, string> = {},
  url?: string,
): Response {
  if (req.headers.get('accept')?.includes('application/json'))
    return json(status, { message, ...(url ? { url } : {}) }, headers)
  const back = linkNonceOf(req.payload.secret, token) ? `/quote/${token}` : '/quote/invalid'
  return new Response(null, { status: 303, headers: { ...noStore, Location: url ?? back } })
}

function handler(kind: 'accept' | 'changes'): Endpoint['handler'] {
  return async (req) => {
    const form = await readFormOrRefusal(req as unknown as Request, MAX_BODY_BYTES, noStore)
    if (form instanceof Response) return form
    const token = form.get('token') ?? ''
    const client = clientAddress(req.headers)
    const nonce = linkNonceOf(req.payload.secret, token)
    if (!nonce) return answer(req, token, 404, 'This link is not valid.')
    // A browser goes back to the quote's page, which says the same (with a 429).
    const limit = await hitCustomerLinkLimit(req.payload, client, nonce)
    if (!limit.allowed) {
      return answer(
        req,
        token,
        429,
        'Too many requests from this connection. Please try again in a few minutes.',
        { 'Retry-After': String(limit.retryAfterSeconds) },
      )
    }
    const message = (form.get('message') ?? '').trim()
    if (kind === 'changes' && (!message || message.length > CHANGE_REQUEST_MAX)) {
      return answer(req, token, 400, `Tell us what to change, in at most ${CHANGE_REQUEST_MAX} characters.`)
    }
    // No keyboard types these; PostgreSQL refuses NUL outright. Lines and tabs are kept.
    if (CONTROL_CHARACTERS_EXCEPT_LINES.test(message)) {
      return answer(req, token, 400, 'Your message contains characters that are not allowed.')
    }

    if (kind === 'accept') {
      const url = await depositUrl(req, token, nonce)
      if (url) return answer(req, token, 200, 'To Stripe.', {}, url)
    }

    const own = await initTransaction(req)
    try {
      const id = await answerQuote(
        req,
        nonce,
        kind === 'accept' ? { kind: 'accept', from: client } : { kind: 'changes', message },
      )
      // Only the request that recorded the answer tells the business: once, whatever the races.
      if (id !== null) await req.payload.jobs.queue({ task: 'sendQuoteAnswer', input: { quoteId: id }, req })
      if (own) await commitTransaction(req)
      if (id === null) return answer(req, token, 409, 'This quote cannot be answered any more.')
      return answer(req, token, 200, kind === 'accept' ? 'Quote accepted.' : 'Change request sent.')
    } catch (error) {
      if (own) await killTransaction(req)
      throw error
    }
  }
}

// With a deposit due and card payments online, Accept is "Accept and pay deposit": the quote
// stays as it is until Stripe's webhook reports the deposit paid (src/payments/deposits.ts). An
// accepted quote whose deposit holds its booking back can pay it the same way. Invoiced while
// Stripe opened the page, no deposit is asked: the answer goes on as if none were.
async function depositUrl(req: PayloadRequest, token: string, nonce: string): Promise<string | null> {
  const found = await quoteForToken(req.payload, token)
  if (!found || (found.state !== 'open' && found.state !== 'accepted')) return null
  const deposit = await depositStateOf(req.payload, undefined, found.quote)
  if (!deposit.outstanding || !deposit.online) return null
  if (found.state === 'accepted' && !deposit.holdsBooking) return null
  const lead = await req.payload.findByID({
    collection: 'leads',
    id: typeof found.quote.lead === 'object' ? found.quote.lead.id : found.quote.lead,
    depth: 0,
    select: { email: true },
    overrideAccess: true,
    disableErrors: true,
  })
  return depositCheckout(req.payload, found.quote, { token, nonce }, deposit.dueCents, lead?.email ?? null)
}

export const acceptQuote: Endpoint = {
  path: QUOTE_LINK_ENDPOINTS.accept,
  method: 'post',
  handler: answeredWhenFailing('quote accept', handler('accept')),
}
export const requestQuoteChanges: Endpoint = {
  path: QUOTE_LINK_ENDPOINTS.changes,
  method: 'post',
  handler: answeredWhenFailing('quote change request', handler('changes')),
}
