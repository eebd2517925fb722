import type { ChangeEvent, ReactNode } from 'react'
import type { UseFormRegisterReturn } from 'react-hook-form'

import {
  TEXT_CONSENT_FIELD,
  TEXT_CONSENT_LABEL,
  TEXT_CONSENT_LINK_LABEL,
  TEXT_CONSENT_VALUE,
  TEXT_CONSENT_WORDING,
  TEXTS_TERMS_PATH,
} from '@/lib/customer-texts'
import { PROMO_CODE_FIELD, PROMO_CODE_MAX } from '@/lib/lead-source'
import { FIELD_MAX, HONEYPOT_FIELD } from '@/lib/request-constants'
import type { RequestFields as RequestValues } from '@/lib/request-schema'
import { cn } from '@/lib/utils'

// The request forms' fields, written once: rendered on the server in the form that posts before
// any script (plain-request-form.tsx) and in the scripted form that takes its place (no hooks here).

export type RequestFieldName = keyof RequestValues
export type RequestErrors = Partial<Record<string, string>>
// react-hook-form's registration in the scripted form; the value to show in the plain one.
export type BindField = (
  name: RequestFieldName,
) => UseFormRegisterReturn | { name: string; defaultValue?: string }

export const SUBMIT_LABEL = 'Submit Request'
export const PHOTOS_LABEL = 'Photos (optional)'

type TextField = {
  name: RequestFieldName
  label: string
  type?: 'tel' | 'email'
  autoComplete: string
  inputMode?: 'numeric'
  pattern?: string
}

const CONTACT_FIELDS: TextField[] = [
  { name: 'firstName', label: 'First Name', autoComplete: 'given-name' },
  { name: 'lastName', label: 'Last Name', autoComplete: 'family-name' },
  { name: 'phone', label: 'Phone', type: 'tel', autoComplete: 'tel' },
  { name: 'email', label: 'Email', type: 'email', autoComplete: 'email' },
]
// Optional: where the van goes and what it works on. The address takes the whole row (it is long).
const VISIT_FIELDS: TextField[] = [
  { name: 'address', label: 'Street address (optional)', autoComplete: 'street-address' },
  {
    name: 'zip',
    label: 'ZIP code (optional)',
    autoComplete: 'postal-code',
    inputMode: 'numeric',
    pattern: '[0-9]{5}',
  },
  { name: 'wheelSize', label: 'Wheel size (optional)', autoComplete: 'off' },
  { name: 'vehicle', label: 'Vehicle, make and model (optional)', autoComplete: 'off' },
]

// Every text the form sends, in the order shown.
export const REQUEST_TEXT_FIELDS: readonly RequestFieldName[] = [
  ...CONTACT_FIELDS.map((f) => f.name),
  ...VISIT_FIELDS.map((f) => f.name),
  'description',
]

export const inputClass = 'field-input'

export const errorId = (id: string, name: string) => `${id}-${name}-error`

// aria-invalid and aria-describedby of a field with or without its message.
export function describedBy(id: string, name: string, error: string | null | undefined) {
  return error
    ? { 'aria-invalid': true as const, 'aria-describedby': errorId(id, name) }
    : { 'aria-invalid': undefined, 'aria-describedby': undefined }
}

export function FieldError({
  id,
  name,
  error,
  alert = false,
}: {
  id: string
  name: string
  error?: string | null
  alert?: boolean
}) {
  if (!error) return null
  return (
    <p id={errorId(id, name)} className="field-error" role={alert ? 'alert' : undefined}>
      {error}
    </p>
  )
}

function Field({
  id,
  field,
  required,
  errors,
  bind,
  className,
}: {
  id: string
  field: TextField
  required: boolean
  errors: RequestErrors
  bind: BindField
  className?: string
}) {
  const { name, label, type, autoComplete, inputMode, pattern } = field
  return (
    <div className={cn('field', className)}>
      <label htmlFor={`${id}-${name}`} className="field-label">
        {label}
      </label>
      <input
        id={`${id}-${name}`}
        type={type ?? 'text'}
        autoComplete={autoComplete}
        inputMode={inputMode}
        pattern={pattern}
        required={required || undefined}
        maxLength={FIELD_MAX[name]}
        {...describedBy(id, name, errors[name])}
        className={inputClass}
        {...bind(name)}
      />
      <FieldError id={id} name={name} error={errors[name]} />
    </div>
  )
}

// The spec's five required fields and the optional visit fields, in the order both forms show them.
export function RequestTextFields({
  id,
  errors,
  bind,
}: {
  id: string
  errors: RequestErrors
  bind: BindField
}) {
  return (
    <>
      <div className="grid gap-4 sm:grid-cols-2">
        {CONTACT_FIELDS.map((field) => (
          <Field key={field.name} id={id} field={field} required errors={errors} bind={bind} />
        ))}
      </div>
      {/* Two short fields side by side even on a phone; the vehicle under them there. */}
      <div className="grid grid-cols-2 gap-4 sm:grid-cols-3">
        {VISIT_FIELDS.map((field) => (
          <Field
            key={field.name}
            id={id}
            field={field}
            required={false}
            errors={errors}
            bind={bind}
            className={cn(
              field.name === 'vehicle' && 'col-span-2 sm:col-span-1',
              field.name === 'address' && 'col-span-2 sm:col-span-3',
            )}
          />
        ))}
      </div>
      <div className="field">
        <label htmlFor={`${id}-description`} className="field-label">
          Description
        </label>
        <textarea
          id={`${id}-description`}
          rows={4}
          required
          maxLength={FIELD_MAX.description}
          {...describedBy(id, 'description', errors.description)}
          className={inputClass}
          {...bind('description')}
        />
        <FieldError id={id} name="description" error={errors.description} />
      </div>
    </>
  )
}

type PromoInput = { value: string; onChange: (value: string) => void } | { defaultValue: string }

export function PromoCodeField({
  id,
  error,
  input,
  action,
}: {
  id: string
  error?: string | null
  input: PromoInput
  /** The scripted form's Clear button. */
  action?: ReactNode
}) {
  return (
    <div className="field">
      <label htmlFor={`${id}-${PROMO_CODE_FIELD}`} className="field-label">
        Promo code
      </label>
      <div className="flex gap-2">
        <input
          id={`${id}-${PROMO_CODE_FIELD}`}
          name={PROMO_CODE_FIELD}
          type="text"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={PROMO_CODE_MAX}
          {...('onChange' in input
            ? {
                value: input.value,
                onChange: (e: ChangeEvent<HTMLInputElement>) => input.onChange(e.target.value),
              }
            : { defaultValue: input.defaultValue })}
          {...describedBy(id, PROMO_CODE_FIELD, error)}
          className={cn(inputClass, 'uppercase')}
        />
        {action}
      </div>
      <FieldError id={id} name={PROMO_CODE_FIELD} error={error} />
    </div>
  )
}

// Never shown to people; bots fill it in and the server refuses the request.
export function HoneypotField({ id, defaultValue }: { id: string; defaultValue?: string }) {
  return (
    <div aria-hidden="true" className="trap">
      <label htmlFor={`${id}-${HONEYPOT_FIELD}`}>Leave this empty</label>
      <input
        id={`${id}-${HONEYPOT_FIELD}`}
        name={HONEYPOT_FIELD}
        type="text"
        tabIndex={-1}
        autoComplete="off"
        defaultValue={defaultValue}
      />
    </div>
  )
}

type ConsentInput = { checked: boolean; onChange: (checked: boolean) => void } | { defaultChecked: boolean }

// Optional and unticked: texts about the request only for a visitor who asks for them, with the
// words the carriers require and a link to the terms' section on texts.
export function TextConsentField({ id, input }: { id: string; input: ConsentInput }) {
  return (
    <div className="field">
      <label htmlFor={`${id}-${TEXT_CONSENT_FIELD}`} className="field-label flex items-start gap-2">
        <input
          id={`${id}-${TEXT_CONSENT_FIELD}`}
          name={TEXT_CONSENT_FIELD}
          type="checkbox"
          value={TEXT_CONSENT_VALUE}
          aria-describedby={`${id}-${TEXT_CONSENT_FIELD}-terms`}
          {...('onChange' in input
            ? {
                checked: input.checked,
                onChange: (e: ChangeEvent<HTMLInputElement>) => input.onChange(e.target.checked),
              }
            : { defaultChecked: input.defaultChecked })}
          className="accent-gold mt-0.5 size-4 shrink-0"
        />
        <span>{TEXT_CONSENT_LABEL}</span>
      </label>
      <p id={`${id}-${TEXT_CONSENT_FIELD}-terms`} className="text-ink/70 text-xs">
        {TEXT_CONSENT_WORDING}{' '}
        <a href={TEXTS_TERMS_PATH} className="text-gold-dark font-semibold underline">
          {TEXT_CONSENT_LINK_LABEL}
        </a>
      </p>
    </div>
  )
}
