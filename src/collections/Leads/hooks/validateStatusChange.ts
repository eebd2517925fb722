import type { SelectFieldSingleValidation } from 'payload'
import { select } from 'payload/shared'

import { leadStatusChangeError } from '@/lib/lead-status'

// new → contacted → quoted → completed, one step forward at a time.
export const validateStatusChange: SelectFieldSingleValidation = (value, args) => {
  const base = select(value, args)
  if (base !== true) return base
  if (args.operation !== 'update') return true
  return leadStatusChangeError(args.previousValue, value) ?? true
}
