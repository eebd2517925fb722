import { APIError } from 'payload'
import type {
  CollectionAfterErrorHook,
  CollectionAfterOperationHook,
  CollectionBeforeOperationHook,
  PayloadRequest,
} from 'payload'

import { isAdmin } from '@/access/isApprovedStaff'
import { serverUrl } from '@/lib/server-url'
import { spendPasswordCheckTime } from '@/server/patches/payload-password-hash'

import { cleanEmail } from './limitAuthAttempts'

// A sign-up answers the same whether or not the address has an account, so the form
// cannot be used to learn who works here; the owner of a known address is told by e-mail.
export const SIGN_UP_ON_THE_SITE = "Sign up on the site's login page."
const KNOWN_ADDRESS = 'KnownAddressSignUp'

const isPublicSignUp = (req: PayloadRequest) => req.payloadAPI !== 'local' && !isAdmin(req.user)

const answerFor = (email: string) => ({ doc: { email }, message: 'User successfully created.' })

export const refuseKnownAddress: CollectionBeforeOperationHook = async ({ args, operation, req }) => {
  if (operation !== 'create' || !isPublicSignUp(req)) return args
  // GraphQL can only answer a known address with an error, which would tell.
  if (req.payloadAPI === 'GraphQL') throw new APIError(SIGN_UP_ON_THE_SITE, 403, {}, true)
  const data = (args as { data?: { email?: unknown; password?: unknown } }).data
  const email = cleanEmail(data?.email)
  if (!email) return args
  const known = await req.payload.db.findOne({
    collection: 'users',
    where: { email: { equals: email } },
    req,
  })
  if (!known) return args
  // A real sign-up hashes the password and sends one e-mail: so does this answer.
  if (typeof data?.password === 'string') await spendPasswordCheckTime(data.password)
  await req.payload.sendEmail({
    to: email,
    subject: 'Someone tried to create a Curbside Rim Co. account with your address',
    text: [
      `Someone tried to create a back-office account for ${email}, which already has one.`,
      `If it was you, sign in at ${serverUrl()}/login (or reset your password there).`,
      'If it was not you, you can ignore this e-mail: nothing was changed.',
    ].join('\n\n'),
  })
  const error = new APIError('The address already has an account.', 400, { email }, false)
  error.name = KNOWN_ADDRESS
  throw error
}

export const answerKnownAddressAsCreated: CollectionAfterErrorHook = ({ error }) => {
  if (error.name !== KNOWN_ADDRESS) return
  const { email } = (error as APIError<{ email: string }>).data ?? { email: '' }
  return { response: answerFor(email), status: 201 }
}

// The first account keeps its full answer: with no account yet there is nothing to learn.
export const answerNewAddressAlike: CollectionAfterOperationHook = ({ operation, req, result }) => {
  if (operation !== 'create' || !isPublicSignUp(req)) return result
  const doc = result as { email?: string; approved?: boolean }
  return doc.approved ? result : answerFor(doc.email ?? '').doc
}
