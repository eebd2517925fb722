import 'server-only'

import config from '@payload-config'
import { getPayload } from 'payload'

import { readPartnerDraft } from '@/collections/Leads/endpoints/partnerEnquiry'
import { readDraft, type RequestDraft } from '@/collections/Leads/requestDrafts'
import { unsubscribeEmailOf } from '@/collections/ReviewOptOuts/reviewRequests'

// What the public pages that answer a visitor's own post or link read: a form sent back with its
// errors (the draft its token names), and the address a review request's link is for.

export type { RequestDraft }

export async function readRequestDraft(token: string): Promise<RequestDraft | null> {
  return readDraft(await getPayload({ config }), token)
}

export async function readPartnerEnquiryDraft(token: string) {
  return readPartnerDraft(await getPayload({ config }), token)
}

/** The address an unsubscribe link was signed for, or null for a link that is not ours. */
export async function readUnsubscribeEmail(e: unknown, t: unknown): Promise<string | null> {
  return unsubscribeEmailOf((await getPayload({ config })).secret, e, t)
}
