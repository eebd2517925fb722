import { Button } from '@/components/ui/button'
import { TEXT_CONSENT_FIELD, TEXT_CONSENT_VALUE } from '@/lib/customer-texts'
import { PROMO_CODE_FIELD } from '@/lib/lead-source'
import { DRAFT_FIELD, FORM_KEY_FIELD, REQUEST_ENDPOINT } from '@/lib/request-constants'
import { newFormKey } from '@/server/form-key'

import {
  FieldError,
  HoneypotField,
  PHOTOS_LABEL,
  PromoCodeField,
  RequestTextFields,
  SUBMIT_LABEL,
  TextConsentField,
  describedBy,
  type RequestErrors,
} from './request-fields'

// The request form as the server sends it: it posts (multipart, photos included) before any
// script has loaded, and the server answers with a page. The scripted form takes its place
// once its code is here, with whatever the visitor has typed or chosen so far.
export function PlainRequestForm({
  id,
  serviceType,
  allowPhotos = false,
  values = {},
  errors = {},
  draft,
}: {
  id: string
  serviceType: string
  allowPhotos?: boolean
  /** What the visitor typed, when the server sent the form back to be corrected. */
  values?: Partial<Record<string, string>>
  errors?: RequestErrors
  /** The sent-back form's record, removed once the request goes through. */
  draft?: string
}) {
  return (
    <form
      method="post"
      action={REQUEST_ENDPOINT}
      encType="multipart/form-data"
      className="grid gap-4"
      data-service-type={serviceType}
    >
      <input type="hidden" name="serviceType" value={serviceType} />
      {/* New with each render: a double tap posts it twice, and the server makes one lead. */}
      <input type="hidden" name={FORM_KEY_FIELD} value={newFormKey()} />
      {draft ? <input type="hidden" name={DRAFT_FIELD} value={draft} /> : null}
      <RequestTextFields
        id={id}
        errors={errors}
        bind={(name) => ({ name, defaultValue: values[name] ?? '' })}
      />
      <PromoCodeField
        id={id}
        error={errors[PROMO_CODE_FIELD]}
        input={{ defaultValue: values[PROMO_CODE_FIELD] ?? '' }}
      />
      <TextConsentField
        id={id}
        input={{ defaultChecked: values[TEXT_CONSENT_FIELD] === TEXT_CONSENT_VALUE }}
      />
      <HoneypotField id={id} />
      {allowPhotos ? (
        <div className="grid gap-2">
          <label htmlFor={`${id}-photos`} className="field-label">
            {PHOTOS_LABEL}
          </label>
          <input
            id={`${id}-photos`}
            name="photos"
            type="file"
            accept="image/*"
            multiple
            {...describedBy(id, 'photos', errors.photos)}
            className="file:border-ink/20 file:text-ink hover:file:bg-ink/5 text-sm file:mr-3 file:rounded-md file:border file:bg-transparent file:px-4 file:py-2 file:font-medium"
          />
          <FieldError id={id} name="photos" error={errors.photos} />
        </div>
      ) : null}
      <Button type="submit" variant="premium" size="lg" className="w-full">
        {SUBMIT_LABEL}
      </Button>
    </form>
  )
}
