import { APIError, type Endpoint, ValidationError } from 'payload'

import { isAdmin } from '@/access/isApprovedStaff'
import { rowId } from '@/lib/row-id'

import { invitePartner } from '../invitePartner'

const json = (status: number, body: Record<string, unknown>) =>
  Response.json(body, { status, headers: { 'Cache-Control': 'no-store, private' } })
const refuse = (status: number, message: string) => json(status, { errors: [{ message }] })

// POST /api/dealerships/:id/invite { email }: an admin invites a partner of this dealership.
export const invitePartnerForAdmins: Endpoint = {
  path: '/:id/invite',
  method: 'post',
  handler: async (req) => {
    if (!isAdmin(req.user)) return refuse(403, 'You are not allowed to perform this action.')
    const id = rowId(req.routeParams?.id)
    if (id === null) return refuse(404, 'Not Found')
    const body = (await req.json?.().catch(() => null)) as { email?: unknown } | null
    const email = typeof body?.email === 'string' ? body.email : ''
    if (!email.trim()) return refuse(400, 'Enter the partner’s e-mail address.')
    try {
      const { renewed } = await invitePartner(req, id, email)
      return json(200, { message: renewed ? 'Invitation sent again.' : 'Invitation sent.' })
    } catch (error) {
      if (error instanceof ValidationError) return refuse(400, error.data.errors[0]?.message ?? error.message)
      if (error instanceof APIError && error.status < 500) return refuse(error.status, error.message)
      throw error
    }
  },
}
