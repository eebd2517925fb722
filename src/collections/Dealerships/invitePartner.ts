import { randomBytes } from 'node:crypto'

import { APIError, commitTransaction, initTransaction, killTransaction, type PayloadRequest } from 'payload'

import { serverUrl } from '@/lib/server-url'

export const INVITATION_DAYS = 7
export const INVITATION_PATH = '/partners/invitation'
export const ACCOUNT_EXISTS = 'An account with this e-mail address exists already.'

/**
 * Opens a partner account for a dealership (or renews the invitation of one already opened
 * there) and e-mails the link that sets its password: Payload's reset token, valid for a week.
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
    if (existing && (existing.role !== 'partner' || dealershipOf(existing.dealership) !== dealershipId)) {
      throw new APIError(ACCOUNT_EXISTS, 409, null, true)
    }
    if (!existing) {
      await payload.create({
        collection: 'users',
        // A password nobody knows until the invitation replaces it.
        data: {
          email,
          password: randomBytes(32).toString('base64url'),
          role: 'partner',
          dealership: dealershipId,
          approved: true,
          _verified: true,
        },
        disableVerificationEmail: true,
        req,
      })
    }
    const token = await payload.forgotPassword({
      collection: 'users',
      data: { email },
      disableEmail: true,
      expiration: INVITATION_DAYS * 24 * 60 * 60 * 1000,
      req,
    })
    if (!token) throw new Error('The invitation token was not issued.')
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
      html: await render(element),
      text: await render(element, { plainText: true }),
    })
    if (own) await commitTransaction(req)
    return { email, renewed: Boolean(existing) }
  } catch (error) {
    if (own) await killTransaction(req)
    throw error
  }
}
