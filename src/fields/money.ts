import type { Field, NumberField, NumberFieldSingleValidation } from 'payload'
import { number } from 'payload/shared'

import { moneyProblem } from '@/lib/money'

// Money is stored in whole cents and shown, typed and listed in dollars and cents.
export const MONEY_FIELD = '@/components/admin/money-field.client#MoneyField'
export const MONEY_CELL = '@/components/admin/money-cell#MoneyCell'

type MoneyOptions = Omit<Extract<NumberField, { hasMany?: false }>, 'type' | 'hasMany'>

/** Payload's own check (required) first, then an amount in dollars within the field's range. */
export const validateMoney =
  (range: { min?: number; max?: number }): NumberFieldSingleValidation =>
  (value, args) => {
    const base = value == null ? number(value, args) : true
    return base !== true ? base : (moneyProblem(value, range) ?? true)
  }

/** An integer-cents `number` field that people read and type in dollars ("$1,234.50", "1234.5"). */
export function moneyField(options: MoneyOptions): Field {
  const { admin, min, max, validate } = options
  return {
    ...options,
    type: 'number',
    validate: validate ?? validateMoney({ min, max }),
    admin: {
      ...admin,
      components: { Field: MONEY_FIELD, Cell: MONEY_CELL, ...admin?.components },
    },
  } as Field
}
