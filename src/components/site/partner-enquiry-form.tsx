import { FieldError, HoneypotField, describedBy, inputClass } from '@/components/request/request-fields'
import { Button } from '@/components/ui/button'
import {
  CARS_PER_MONTH_MAX,
  PARTNER_ENDPOINT,
  PARTNER_FIELD_MAX,
  type PartnerEnquiryField,
} from '@/lib/partner-enquiry'
import { DRAFT_FIELD } from '@/lib/request-constants'

type Field = {
  name: PartnerEnquiryField
  label: string
  type?: 'tel' | 'email' | 'number'
  autoComplete: string
}

const FIELDS: Field[] = [
  { name: 'dealership', label: 'Dealership', autoComplete: 'organization' },
  { name: 'contactName', label: 'Contact name', autoComplete: 'name' },
  { name: 'phone', label: 'Phone', type: 'tel', autoComplete: 'tel' },
  { name: 'email', label: 'Email', type: 'email', autoComplete: 'email' },
  { name: 'carsPerMonth', label: 'Cars a month', type: 'number', autoComplete: 'off' },
]

export const PARTNER_SUBMIT_LABEL = 'Become a Partner'

// A plain form: it posts before any script has loaded (and after), and the server answers with
// this page again, sent or with each field's message.
export function PartnerEnquiryForm({
  values = {},
  errors = {},
  draft,
}: {
  values?: Partial<Record<string, string>>
  errors?: Partial<Record<string, string>>
  draft?: string
}) {
  const id = 'partner'
  return (
    <form method="post" action={PARTNER_ENDPOINT} className="grid gap-4">
      {draft ? <input type="hidden" name={DRAFT_FIELD} value={draft} /> : null}
      {FIELDS.map(({ name, label, type, autoComplete }) => (
        <div key={name} className="field">
          <label htmlFor={`${id}-${name}`} className="field-label">
            {label}
          </label>
          <input
            id={`${id}-${name}`}
            name={name}
            type={type ?? 'text'}
            autoComplete={autoComplete}
            required
            {...(type === 'number'
              ? { min: 1, max: CARS_PER_MONTH_MAX, step: 1, inputMode: 'numeric' as const }
              : { maxLength: PARTNER_FIELD_MAX[name as keyof typeof PARTNER_FIELD_MAX] })}
            defaultValue={values[name] ?? ''}
            {...describedBy(id, name, errors[name])}
            className={inputClass}
          />
          <FieldError id={id} name={name} error={errors[name]} />
        </div>
      ))}
      <HoneypotField id={id} />
      <Button type="submit" variant="premium" size="lg" className="w-full">
        {PARTNER_SUBMIT_LABEL}
      </Button>
    </form>
  )
}
