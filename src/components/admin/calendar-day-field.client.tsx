'use client'

import { FieldDescription, FieldError, FieldLabel, useField } from '@payloadcms/ui'
import { mergeFieldStyles } from '@payloadcms/ui/shared'
import type { DateFieldClientComponent } from 'payload'

// The browser's own day picker: its value is the day itself (YYYY-MM-DD), stored as that day,
// where Payload's picker would turn it into midnight in the browser's zone.
export const CalendarDayField: DateFieldClientComponent = ({ field, path: pathFromProps, readOnly }) => {
  const { disabled, path, setValue, showError, value } = useField<string | null>({
    potentiallyStalePath: pathFromProps,
  })
  const id = `field-${path.replace(/\./g, '__')}`
  const day = typeof value === 'string' ? value.slice(0, 10) : ''
  return (
    <div className="field-type text" style={mergeFieldStyles(field)}>
      <FieldLabel
        htmlFor={id}
        label={field.label}
        localized={field.localized}
        path={path}
        required={field.required}
      />
      <div className="field-type__wrap">
        <FieldError path={path} showError={showError} />
        <input
          id={id}
          name={path}
          type="date"
          value={day}
          readOnly={Boolean(readOnly || disabled || field.admin?.readOnly)}
          onChange={(e) => setValue(e.target.value || null)}
        />
      </div>
      <FieldDescription description={field.admin?.description} path={path} />
    </div>
  )
}
