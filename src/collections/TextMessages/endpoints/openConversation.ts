import type { Endpoint } from 'payload'

import { isApprovedStaff } from '@/access/isApprovedStaff'
import { leadAdminPath } from '@/lib/server-url'
import { phoneMatchKey } from '@/lib/text-messages'
import { rowId } from '@/lib/row-id'
import { answeredWhenFailing } from '@/server/customer-form-failure'
import { readFormOrRefusal } from '@/server/read-capped-body'
import { markConversationRead } from '@/collections/TextMessages/conversationReads'

const noStore = { 'Cache-Control': 'no-store, private' }
const refuse = (status: number, message: string) =>
  Response.json({ errors: [{ message }] }, { status, headers: noStore })

// The inbox's rows are plain forms posting here, so a tap works before any script: the
// conversation of the lead's number is marked read for the signed-in account, and the answer
// leads to the job's page. A post from another site is anonymous (the session cookie is read
// only from the site's own pages: leadForms.ts) and is refused.
export const openConversation: Endpoint = {
  path: '/conversations/:lead/open',
  method: 'post',
  handler: answeredWhenFailing('open conversation', async (req) => {
    if (!isApprovedStaff(req.user)) return refuse(403, 'You are not allowed to perform this action.')
    const id = rowId(req.routeParams?.lead)
    if (id === null) return refuse(404, 'Not Found')
    // The form sends nothing: read (and cap) what comes, as the other back office forms do.
    const form = await readFormOrRefusal(req as unknown as Request, 1024, noStore)
    if (form instanceof Response) return form
    const lead = await req.payload.findByID({
      collection: 'leads',
      id,
      depth: 0,
      select: { phone: true },
      disableErrors: true,
      overrideAccess: false,
      user: req.user,
    })
    if (!lead) return refuse(404, 'Not Found')
    const phone = phoneMatchKey(lead.phone)
    if (!phone) return refuse(422, 'This job has no phone number to text.')
    await markConversationRead(req.payload, req.user.id, phone)
    return new Response(null, { status: 303, headers: { ...noStore, Location: leadAdminPath(id) } })
  }),
}
