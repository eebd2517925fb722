import type { FieldAccess } from 'payload'

// For values only the server itself sets (counters, authorship): no API may write them.
export const nobody: FieldAccess = () => false
