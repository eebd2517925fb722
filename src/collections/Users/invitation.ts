import { createHash, randomBytes } from 'node:crypto'

import type { CollectionBeforeOperationHook, Field, Payload, PayloadRequest } from 'payload'

import { nobody } from '@/access/nobody'
import { isInvitationToken } from '@/lib/partner-invitation'

// A partner invitation has its own token, apart from Payload's reset token: a stranger's
// forgot-password for the invited address would otherwise replace it and void the link.
// Only its SHA-256 is stored; the link carries the token itself.
const hashOf = (token: string) => createHash('sha256').update(token).digest('hex')

const hiddenField = { hidden: true, access: { create: nobody, read: nobody, update: nobody } } as const
export const invitationFields: Field[] = [
  { name: 'invitationTokenHash', type: 'text', index: true, ...hiddenField },
  { name: 'invitationExpiresAt', type: 'date', ...hiddenField },
]

/** Issues a new invitation token for the account (the previous one stops working). */
export async function issueInvitation(req: PayloadRequest, userId: number, validMs: number): Promise<string> {
  // 40 hex characters, the shape the invitation page accepts.
  const token = randomBytes(20).toString('hex')
  await req.payload.db.updateOne({
    collection: 'users',
    id: userId,
    data: {
      invitationTokenHash: hashOf(token),
      invitationExpiresAt: new Date(Date.now() + validMs).toISOString(),
    },
    req,
  })
  return token
}

/** Who a live invitation is for (its page names them), or null for an unknown or expired token. */
export async function invitationFor(
  payload: Payload,
  token: string,
): Promise<{ email: string; dealershipName: string | null } | null> {
  if (!isInvitationToken(token)) return null
  const { docs } = await payload.find({
    collection: 'users',
    where: {
      invitationTokenHash: { equals: hashOf(token) },
      invitationExpiresAt: { greater_than: new Date().toISOString() },
    },
    select: { email: true, dealership: true },
    depth: 1,
    limit: 1,
    overrideAccess: true,
  })
  const user = docs[0]
  if (!user) return null
  const dealership = user.dealership
  return {
    email: user.email,
    dealershipName: typeof dealership === 'object' && dealership ? dealership.name : null,
  }
}

type ResetArgs = { data?: { token?: unknown } }

// The invitation form sets the password through Payload's reset-password. Inside its
// transaction, a valid invitation token becomes the account's reset token for that one
// reset, and the invitation is used up; a failed reset rolls both back. A reset with
// a forgot-password link ends a pending invitation too: the password is set.
export const acceptInvitation: CollectionBeforeOperationHook = async ({ args, operation, req }) => {
  if (operation !== 'resetPassword') return args
  const token = (args as ResetArgs).data?.token
  if (typeof token !== 'string' || !isInvitationToken(token)) return args
  const invited = await req.payload.db.findOne<{ id: number; invitationExpiresAt?: string | null }>({
    collection: 'users',
    where: {
      invitationTokenHash: { equals: hashOf(token) },
      invitationExpiresAt: { greater_than: new Date().toISOString() },
    },
    req,
  })
  const ended = { invitationTokenHash: null, invitationExpiresAt: null }
  if (invited) {
    await req.payload.db.updateOne({
      collection: 'users',
      id: invited.id,
      data: { resetPasswordToken: token, resetPasswordExpiration: invited.invitationExpiresAt, ...ended },
      req,
    })
    return args
  }
  const resetting = await req.payload.db.findOne<{ id: number; invitationTokenHash?: string | null }>({
    collection: 'users',
    where: { resetPasswordToken: { equals: token } },
    req,
  })
  if (resetting?.invitationTokenHash) {
    await req.payload.db.updateOne({ collection: 'users', id: resetting.id, data: ended, req })
  }
  return args
}
