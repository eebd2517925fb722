'use client'

import { TextInput, useField } from '@payloadcms/ui'
import type { TextFieldClientComponent } from 'payload'
import type React from 'react'

// A text field that upper-cases as it is typed, so what the owner sees is what is stored.
export const UpperCaseField: TextFieldClientComponent = ({ field, path: pathFromProps, readOnly }) => {
  const { disabled, path, setValue, showError, value } = useField<string>({
    potentiallyStalePath: pathFromProps,
  })
  return (
    <TextInput
      path={path}
      label={field.label}
      description={field.admin?.description}
      required={field.required}
      readOnly={Boolean(readOnly || disabled)}
      showError={showError}
      value={value ?? ''}
      hasMany={false}
      onChange={(e: React.ChangeEvent<HTMLInputElement>) => setValue(e.target.value.toUpperCase())}
    />
  )
}
