import { commitTransaction, initTransaction, killTransaction } from 'payload'
import type { Endpoint, PayloadRequest } from 'payload'

import { isApprovedStaff } from '@/access/isApprovedStaff'
import type { Lead } from '@/payload-types'
import { QUOTE_STATUS_CONTEXT } from '@/lib/quote-status'
import { recordLeadEvent } from '@/collections/LeadEvents/timeline'
import { customerReach } from '@/collections/TextMessages/customerTexts'
import { newLinkNonce } from '@/server/customer-link-token'
import { rowId } from '@/lib/row-id'
import { formatMoney } from '@/lib/money'

const json = (status: number, body: Record<string, unknown>) =>
  Response.json(body, { status, headers: { 'Cache-Control': 'no-store, private' } })
const refuse = (status: number, message: string) => json(status, { errors: [{ message }] })

// Sending moves a new or contacted lead to quoted, one step at a time as the back office does;
// a lead further on stays where it is.
const TOWARDS_QUOTED: Partial<Record<Lead['status'], Lead['status'][]>> = {
  new: ['contacted', 'quoted'],
  contacted: ['quoted'],
}

// POST /api/quotes/:id/send: a new link for the customer (any link sent before stops working),
// the lead moved on, and the e-mail queued, all in one transaction.
export const sendQuote: Endpoint = {
  path: '/:id/send',
  method: 'post',
  handler: async (req: PayloadRequest) => {
    if (!isApprovedStaff(req.user)) return refuse(403, 'You are not allowed to perform this action.')
    const id = rowId(req.routeParams?.id)
    if (id === null) return refuse(404, 'Not Found')
    const { payload } = req
    const quote = await payload.findByID({ collection: 'quotes', id, depth: 0, disableErrors: true, req })
    if (!quote) return refuse(404, 'Not Found')
    if (quote.status === 'accepted')
      return refuse(400, 'This quote was accepted; write a new one for other work.')
    if (new Date(quote.validUntil).getTime() < Date.now()) {
      return refuse(400, 'This quote is past its validity date: set a new one before sending it.')
    }

    const own = await initTransaction(req)
    try {
      const nonce = newLinkNonce()
      const sent = await payload.update({
        collection: 'quotes',
        id,
        data: { tokenNonce: nonce, sentAt: new Date().toISOString() },
        overrideAccess: true,
        context: { [QUOTE_STATUS_CONTEXT]: 'sent' },
        req,
      })
      const leadId = typeof quote.lead === 'object' ? quote.lead.id : quote.lead
      const lead = await payload.findByID({ collection: 'leads', id: leadId, depth: 0, req })
      for (const status of TOWARDS_QUOTED[lead.status] ?? []) {
        await payload.update({ collection: 'leads', id: leadId, data: { status }, req })
      }
      await recordLeadEvent(payload, req, {
        lead: leadId,
        kind: 'quote_sent',
        text: `Total ${formatMoney(sent.totalCents ?? 0, 'price')}`,
        by: req.user.id,
      })
      await payload.jobs.queue({ task: 'sendQuoteLink', input: { quoteId: id, nonce }, req })
      // What the owner is told: how the link actually goes (e-mail, text, both, neither).
      const reach = await customerReach(payload, lead)
      if (own) await commitTransaction(req)
      return json(200, { message: 'Quote sent.', reach })
    } catch (err) {
      if (own) await killTransaction(req)
      throw err
    }
  },
}
