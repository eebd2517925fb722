import { randomBytes } from 'node:crypto'

import type { CollectionAfterChangeHook, CollectionBeforeChangeHook } from 'payload'

import { isAdmin } from '@/access/isApprovedStaff'

import { verificationEmailHTML } from '../verificationEmail'

type EmailChange = { id: number | string; from: string; to: string; token: string }
const CONTEXT_KEY = 'emailChange'

const normalise = (email: unknown) => (typeof email === 'string' ? email.trim().toLowerCase() : '')

// A new address proves nothing yet: an account could confirm its own, switch to a colleague's
// and be approved as them. Admins change addresses knowingly and keep the confirmation.
export const reverifyChangedEmail: CollectionBeforeChangeHook = ({ data, operation, originalDoc, req }) => {
  if (operation !== 'update' || !originalDoc) return data
  const to = normalise(data.email)
  const from = normalise(originalDoc.email)
  // The server's own writes (no user: seeds, scripts) are not an account changing itself.
  if (!to || to === from || !req.user || isAdmin(req.user)) return data
  const token = randomBytes(20).toString('hex')
  const change: EmailChange = { id: originalDoc.id, from, to, token }
  req.context[CONTEXT_KEY] = change
  return { ...data, _verified: false, _verificationToken: token }
}

export const announceEmailChange: CollectionAfterChangeHook = async ({ doc, req }) => {
  const change = req.context[CONTEXT_KEY] as EmailChange | undefined
  if (!change || change.id !== doc.id) return doc
  delete req.context[CONTEXT_KEY]
  await req.payload.sendEmail({
    to: change.to,
    subject: 'Confirm your Curbside Rim Co. account',
    html: verificationEmailHTML({ token: change.token, user: { email: change.to } }),
  })
  await req.payload.sendEmail({
    to: change.from,
    subject: 'The e-mail address of your Curbside Rim Co. account was changed',
    text: [
      `The back-office account that used ${change.from} now uses ${change.to}.`,
      'The account cannot sign in until the new address is confirmed.',
      'If you did not make this change, tell an admin of Curbside Rim Co. at once.',
    ].join('\n\n'),
  })
  return doc
}
