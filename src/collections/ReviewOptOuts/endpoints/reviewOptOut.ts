import type { Endpoint } from 'payload'

import { readFormOrRefusal } from '@/server/read-capped-body'
import { clientAddress, withinCustomerLinkLimit } from '@/server/rate-limit'
import { optOut, unsubscribeEmailOf, unsubscribePath } from '@/collections/ReviewOptOuts/reviewRequests'
import { answeredWhenFailing } from '@/server/customer-form-failure'

const noStore = { 'Cache-Control': 'no-store, private' }

// POST /api/review-requests/unsubscribe (the page's form, URL-encoded e and t, or a mail
// client's List-Unsubscribe-Post with them in the query): the address
// gets no more review requests. Answered with a redirect back to the page, which says so.
export const reviewOptOut: Endpoint = {
  path: '/review-requests/unsubscribe',
  method: 'post',
  handler: answeredWhenFailing('review request unsubscribe', async (req) => {
    const form = await readFormOrRefusal(req as unknown as Request, 4096, noStore)
    if (form instanceof Response) return form
    // The page's form sends e and t in its body; a mailbox's one-click POST in the address.
    const e = form.get('e') ?? req.searchParams.get('e')
    const t = form.get('t') ?? req.searchParams.get('t')
    const email = unsubscribeEmailOf(req.payload.secret, e, t)
    if (!email)
      return Response.json({ message: 'This link is not valid.' }, { status: 404, headers: noStore })
    if (!(await withinCustomerLinkLimit(req.payload, clientAddress(req.headers), t!))) {
      return Response.json(
        { message: 'Too many requests from this connection.' },
        { status: 429, headers: noStore },
      )
    }
    await optOut(req.payload, email)
    return new Response(null, {
      status: 303,
      headers: { ...noStore, Location: `${unsubscribePath(req.payload.secret, email)}&done=1` },
    })
  }),
}
