import { randomBytes } from 'node:crypto'

import { APIError, commitTransaction, initTransaction, killTransaction, type PayloadRequest } from 'payload'

import { issueInvitation } from '@/collections/Users/invitation'
import { serverUrl } from '@/lib/server-url'
import type { User } from '@/payload-types'

export const INVITATION_DAYS = 7
export const INVITATION_PATH = '/partners/invitation'
export const ACCOUNT_EXISTS = 'An account with this e-mail address exists already.'

// A public sign-up that was never confirmed nor approved has never signed in: it may be a
// stranger's, made to block the invitation, and the owner's invitation takes it over.
const abandonedSignUp = (user: User) =>
  user._verified !== true && user.approved !== true && user.role !== 'admin' && !user.googleSubject

/**
 * Opens a partner account for a dealership (or renews the invitation of one already opened
 * there) and e-mails the link that sets its password: an invitation token, valid for a week.
 * All in one transaction, the e-mail last: if it cannot go, no account is left half-invited.
 */
export async function invitePartner(req: PayloadRequest, dealershipId: number, rawEmail: string) {
  const { payload } = req
  const email = rawEmail.trim().toLowerCase()
  const own = await initTransaction(req)
  try {
    const dealership = await payload.findByID({ collection: 'dealerships', id: dealershipId, depth: 0, req })
    const [existing] = (
      await payload.find({
        collection: 'users',
        where: { email: { equals: email } },
        depth: 0,
        limit: 1,
        req,
      })
    ).docs
    const dealershipOf = (d: unknown) => (typeof d === 'object' && d !== null ? (d as { id: number }).id : d)
    const taken = existing && !abandonedSignUp(existing)
    if (taken && (existing.role !== 'partner' || dealershipOf(existing.dealership) !== dealershipId)) {
      throw new APIError(ACCOUNT_EXISTS, 409, null, true)
    }
    const account = {
      email,
      // A password nobody knows until the invitation replaces it.
      password: randomBytes(32).toString('base64url'),
      role: 'partner' as const,
      dealership: dealershipId,
      approved: true,
      _verified: true,
    }
    let userId: number
    if (!existing) {
      userId = (
        await payload.create({ collection: 'users', data: account, disableVerificationEmail: true, req })
      ).id
    } else if (!taken) {
      // Whoever signed up with the address never proved it: the account becomes the invited
      // partner's, and their password, sessions and confirmation link stop working.
      userId = (
        await payload.update({
          collection: 'users',
          id: existing.id,
          data: { ...account, sessions: [] },
          depth: 0,
          req,
        })
      ).id
      await payload.db.updateOne({ collection: 'users', id: userId, data: { _verificationToken: null }, req })
    } else {
      userId = existing.id
    }
    const token = await issueInvitation(req, userId, INVITATION_DAYS * 24 * 60 * 60 * 1000)
    const settings = await payload.findGlobal({ slug: 'site-settings', depth: 0, req })
    const { render } = await import('@react-email/render')
    const { PartnerInvitationEmail } = await import('@/email/templates/partner-invitation')
    const element = PartnerInvitationEmail({
      dealershipName: dealership.name,
      businessName: settings.businessName,
      link: `${serverUrl()}${INVITATION_PATH}/${token}`,
      validDays: INVITATION_DAYS,
    })
    await payload.sendEmail({
      to: email,
      subject: `Your ${settings.businessName} partner portal account`,
      // A question about the invitation reaches the business, not the sending address.
      replyTo: settings.email,
      html: await render(element),
      text: await render(element, { plainText: true }),
    })
    if (own) await commitTransaction(req)
    return { email, renewed: Boolean(taken) }
  } catch (error) {
    if (own) await killTransaction(req)
    throw error
  }
}
