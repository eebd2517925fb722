import type { CollectionBeforeValidateHook } from 'payload'

import { partnerDealership } from '@/access/isPartner'

// A partner's documents always belong to its own dealership, whatever the request says, and
// never move to another; staff choose the dealership (the field is required).
export const tieToDealership: CollectionBeforeValidateHook = ({ data, operation, originalDoc, req }) => {
  const own = partnerDealership(req.user)
  if (own === null) return data
  const dealership = operation === 'create' ? own : (originalDoc?.dealership ?? own)
  return { ...data, dealership: typeof dealership === 'object' ? dealership.id : dealership }
}
