'use client'

import { TextInput, useField } from '@payloadcms/ui'
import { mergeFieldStyles } from '@payloadcms/ui/shared'
import type { NumberFieldClientComponent } from 'payload'
import type React from 'react'
import { useState } from 'react'

import { centsFromInput } from '@/lib/money'
import { formatMoney } from '@/lib/money'

const shown = (value: unknown) =>
  typeof value === 'number' ? formatMoney(value) : typeof value === 'string' ? value : ''

// An integer-cents number field read and typed in dollars: "$1,234.50" shown, "1234.5" taken.
// While it is typed, the text stays as typed; leaving the field shows the amount as stored.
export const MoneyField: NumberFieldClientComponent = ({ field, path: pathFromProps, readOnly }) => {
  const { disabled, path, setValue, showError, value } = useField<number | string | null>({
    potentiallyStalePath: pathFromProps,
  })
  const [typed, setTyped] = useState<string | null>(null)
  const locked = Boolean(readOnly || disabled || field.admin?.readOnly)
  return (
    <div
      style={mergeFieldStyles(field)}
      onBlur={() => {
        if (typed !== null && typeof centsFromInput(typed) !== 'string') setTyped(null)
      }}
    >
      <TextInput
        path={path}
        label={field.label}
        description={field.admin?.description}
        localized={field.localized}
        required={field.required}
        readOnly={locked}
        showError={showError}
        placeholder="$0.00"
        htmlAttributes={{ autoComplete: 'off' }}
        value={typed ?? shown(value)}
        hasMany={false}
        onChange={(e: React.ChangeEvent<HTMLInputElement>) => {
          setTyped(e.target.value)
          setValue(centsFromInput(e.target.value))
        }}
      />
    </div>
  )
}
