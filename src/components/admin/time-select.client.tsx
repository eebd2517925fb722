'use client'

import { SelectField } from '@payloadcms/ui'
import type { TextFieldClientComponent } from 'payload'

import { TIME_OPTIONS } from '@/lib/business-hours'

// Stored as text ("08:00"): a select field would make them a GraphQL enum, whose names
// cannot hold a colon.
export const TimeSelect: TextFieldClientComponent = ({ field, path, readOnly }) => (
  <SelectField
    path={path}
    readOnly={readOnly}
    field={{
      ...field,
      type: 'select',
      options: TIME_OPTIONS,
      admin: {
        description: field.admin?.description,
        width: field.admin?.width,
        isClearable: !field.required,
        isSortable: false,
        placeholder: undefined,
      },
    }}
  />
)
