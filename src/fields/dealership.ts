import type { Field } from 'payload'

// The dealership a document belongs to: what a partner's access is narrowed by. A partner's
// requests never choose it (src/hooks/tieToDealership.ts).
export const dealershipField: Field = {
  name: 'dealership',
  type: 'relationship',
  relationTo: 'dealerships',
  required: true,
  index: true,
  admin: { position: 'sidebar' },
}
