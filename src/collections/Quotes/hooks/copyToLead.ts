import type { CollectionAfterChangeHook, CollectionAfterDeleteHook } from 'payload'

import type { Quote } from '@/payload-types'
import { copyQuoteToLead } from '@/collections/Leads/copyQuoteToLead'

const leadOf = (quote: Quote) => (typeof quote.lead === 'object' ? quote.lead.id : quote.lead)

// The lead shows its latest quote's status, total and acceptance (Leads/copyQuoteToLead.ts).
export const copyChangeToLead: CollectionAfterChangeHook<Quote> = async ({ doc, req }) => {
  await copyQuoteToLead(req.payload, req, leadOf(doc))
  return doc
}

export const copyDeleteToLead: CollectionAfterDeleteHook<Quote> = async ({ doc, req }) => {
  await copyQuoteToLead(req.payload, req, leadOf(doc))
}
