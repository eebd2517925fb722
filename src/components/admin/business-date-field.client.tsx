'use client'

import {
  DatePicker,
  FieldDescription,
  FieldError,
  FieldLabel,
  fieldBaseClass,
  useField,
  withCondition,
} from '@payloadcms/ui'
import type { DateFieldClientProps } from 'payload'

import { shiftZone } from '@/lib/business-time'

const baseClass = 'date-time-field'

// The value is shifted from the business's zone to the browser's for the picker and back,
// so the picker reads the business's clock.
function Field({
  field,
  path: pathFromProps,
  readOnly,
  timeZone,
}: DateFieldClientProps & { timeZone: string }) {
  const {
    admin: { className, date: pickerProps, description, placeholder } = {},
    label,
    localized,
    required,
  } = field
  const { disabled, path, setValue, showError, value } = useField<string | null>({
    potentiallyStalePath: pathFromProps,
  })
  const browserZone = Intl.DateTimeFormat().resolvedOptions().timeZone
  const locked = Boolean(readOnly || disabled)
  return (
    <div
      className={[
        fieldBaseClass,
        baseClass,
        className,
        showError && `${baseClass}--has-error`,
        locked && 'read-only',
      ]
        .filter(Boolean)
        .join(' ')}
    >
      <FieldLabel label={label} localized={localized} path={path} required={required} />
      <div className={`${fieldBaseClass}__wrap`} id={`field-${path.replace(/\./g, '__')}`}>
        <FieldError path={path} showError={showError} />
        <DatePicker
          {...(pickerProps as object | undefined)}
          onChange={(picked) => {
            if (!locked) setValue(picked ? shiftZone(picked.toISOString(), browserZone, timeZone) : null)
          }}
          placeholder={typeof placeholder === 'string' ? placeholder : undefined}
          readOnly={locked}
          value={value ? shiftZone(value, timeZone, browserZone) : undefined}
        />
      </div>
      <FieldDescription description={description} path={path} />
      <p className="cbo-date-zone">Time zone: {timeZone}</p>
    </div>
  )
}

export const BusinessDateFieldClient = withCondition(Field)
