import type { Endpoint } from 'payload'

import { BodyTooLarge, readCappedBody } from '@/server/read-capped-body'
import { clientAddress } from '@/server/rate-limit'
import { optOut, unsubscribeEmailOf, unsubscribePath } from '@/server/review-requests'
import { withinQuoteLinkLimit } from '@/server/quote-links'

const noStore = { 'Cache-Control': 'no-store, private' }

// POST /api/review-requests/unsubscribe (the page's form, URL-encoded e and t): the address
// gets no more review requests. Answered with a redirect back to the page, which says so.
export const reviewOptOut: Endpoint = {
  path: '/review-requests/unsubscribe',
  method: 'post',
  handler: async (req) => {
    const type = (req.headers.get('content-type') ?? '').split(';')[0].trim().toLowerCase()
    if (type !== 'application/x-www-form-urlencoded') {
      return Response.json(
        { message: 'Send the form as application/x-www-form-urlencoded.' },
        { status: 415, headers: noStore },
      )
    }
    let form: URLSearchParams
    try {
      const bytes = await readCappedBody(
        req.body as ReadableStream<Uint8Array> | null,
        req.headers.get('content-length'),
        4096,
      )
      form = new URLSearchParams(new TextDecoder().decode(bytes))
    } catch (error) {
      if (error instanceof BodyTooLarge)
        return Response.json({ message: 'The request is too large.' }, { status: 413, headers: noStore })
      throw error
    }
    if (!(await withinQuoteLinkLimit(req.payload, clientAddress(req.headers)))) {
      return Response.json(
        { message: 'Too many requests from this connection.' },
        { status: 429, headers: noStore },
      )
    }
    const email = unsubscribeEmailOf(req.payload.secret, form.get('e'), form.get('t'))
    if (!email)
      return Response.json({ message: 'This link is not valid.' }, { status: 404, headers: noStore })
    await optOut(req.payload, email)
    return new Response(null, {
      status: 303,
      headers: { ...noStore, Location: `${unsubscribePath(req.payload.secret, email)}&done=1` },
    })
  },
}
