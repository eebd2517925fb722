import type { CollectionBeforeChangeHook } from 'payload'

import type { Lead } from '@/payload-types'
import { leadName } from '@/lib/lead-name'

// The stored name Payload titles a lead by (its lists and relationship pickers), kept from the
// lead's own fields on every write, whatever the request sent for it.
export const keepLeadName: CollectionBeforeChangeHook<Lead> = ({ data, originalDoc }) => ({
  ...data,
  name: leadName({ ...originalDoc, ...data }),
})
