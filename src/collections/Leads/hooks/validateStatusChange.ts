import type { SelectFieldSingleValidation } from 'payload'
import { select } from 'payload/shared'

import { leadStatusChangeError } from '@/lib/lead-status'

// A lead's status only moves one step forward (new → contacted → quoted → completed);
// any other change is refused as a validation error on the status field.
export const validateStatusChange: SelectFieldSingleValidation = (value, args) => {
  const base = select(value, args)
  if (base !== true) return base
  if (args.operation !== 'update') return true
  return leadStatusChangeError(args.previousValue, value) ?? true
}
