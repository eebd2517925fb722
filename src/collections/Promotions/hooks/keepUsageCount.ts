import type { FieldHook } from 'payload'

// usageCount is counted by the server (context.countPromotionUse), never written by
// an API caller, whatever access they have.
export const keepUsageCount: FieldHook = ({ operation, originalDoc, req, value }) => {
  if (req.context?.countPromotionUse === true) return value
  if (operation === 'create') return 0
  return originalDoc?.usageCount ?? 0
}
