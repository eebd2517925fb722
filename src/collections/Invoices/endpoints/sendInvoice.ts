import { commitTransaction, initTransaction, killTransaction } from 'payload'
import type { Endpoint, PayloadRequest } from 'payload'

import { isApprovedStaff } from '@/access/isApprovedStaff'
import { rowId } from '@/lib/row-id'

import { InvoiceNotIssued, sendDraft } from '../issue'

const json = (status: number, body: Record<string, unknown>) =>
  Response.json(body, { status, headers: { 'Cache-Control': 'no-store, private' } })
const refuse = (status: number, message: string) => json(status, { errors: [{ message }] })

// POST /api/invoices/:id/send: the draft numbered and made final, the lead's timeline told, and
// (for an invoice) the e-mail with its pay link queued, in one transaction: a failure leaves
// the draft as it was and takes no number. A credit note is issued the same way and e-mailed
// with the corrected invoice's new balance.
export const sendInvoice: Endpoint = {
  path: '/:id/send',
  method: 'post',
  handler: async (req: PayloadRequest) => {
    if (!isApprovedStaff(req.user)) return refuse(403, 'You are not allowed to perform this action.')
    const id = rowId(req.routeParams?.id)
    if (id === null) return refuse(404, 'Not Found')
    const { payload } = req
    const draft = await payload.findByID({ collection: 'invoices', id, depth: 0, disableErrors: true, req })
    if (!draft) return refuse(404, 'Not Found')
    if (draft.kind === 'invoice' && !draft.customerEmail)
      return refuse(400, "Add the customer's e-mail address before sending the invoice.")

    const own = await initTransaction(req)
    try {
      const issued = await sendDraft(req, draft)
      if (own) await commitTransaction(req)
      return json(200, { message: `${issued.number} sent.`, number: issued.number })
    } catch (err) {
      if (own) await killTransaction(req)
      if (err instanceof InvoiceNotIssued) return refuse(err.message === 'Not Found' ? 404 : 409, err.message)
      throw err
    }
  },
}
