import type { Field } from 'payload'

import { WHEEL_POSITIONS, WHEEL_SERVICES } from '@/lib/dealer-prices'

// A dealer wheel's position on the car and the service it gets: a work order's, and a
// statement line's copy of it (the same choices, the same enum values).
export const wheelPositionField: Field = {
  name: 'position',
  type: 'select',
  required: true,
  options: WHEEL_POSITIONS.map(({ value, label }) => ({ value, label })),
}

export const wheelServiceField: Field = {
  name: 'service',
  type: 'select',
  required: true,
  options: WHEEL_SERVICES.map((s) => ({ value: s.key, label: s.title })),
}
