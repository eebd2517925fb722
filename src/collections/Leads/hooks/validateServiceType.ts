import type { SelectFieldSingleValidation } from 'payload'
import { select } from 'payload/shared'

import { optionalForStaff } from './validateRequestField'
import { PARTNERSHIP_SERVICE } from '@/lib/catalog'
import { PARTNER_CHANNEL } from '@/lib/lead-source'

export const PARTNERSHIP_ONLY_FOR_ENQUIRIES = `${PARTNERSHIP_SERVICE.title} is for partner enquiries only.`

// Only the partner form (which sets the server-owned channel) files a lead as a partnership, so
// a quote request can never pass for one; a value a lead already holds stays valid.
export const validateServiceType: SelectFieldSingleValidation = (value, args) => {
  // Staff typing in a customer who phoned may leave it (the main form's service is stored).
  const base = select(value, optionalForStaff(args))
  if (base !== true) return base
  if (value !== PARTNERSHIP_SERVICE.key || value === args.previousValue) return true
  const channel = (args.data as { channel?: unknown } | undefined)?.channel
  return channel === PARTNER_CHANNEL ? true : PARTNERSHIP_ONLY_FOR_ENQUIRIES
}
