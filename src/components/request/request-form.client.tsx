'use client'

import { ImagePlus, X } from 'lucide-react'
import { useEffect, useId, useLayoutEffect, useRef, useState } from 'react'
import type { BaseSyntheticEvent, ChangeEvent } from 'react'
import { useForm } from 'react-hook-form'
import type { Resolver } from 'react-hook-form'
import { toast } from 'sonner'

import { Button } from '@/components/ui/button'
import { TEXT_CONSENT_FIELD, TEXT_CONSENT_VALUE } from '@/lib/customer-texts'
import { PROMO_CODE_FIELD, normalizePromoInput } from '@/lib/lead-source'
import {
  DRAFT_FIELD,
  FORM_KEY_FIELD,
  HONEYPOT_FIELD,
  MAX_PHOTOS,
  REQUEST_FAILED,
} from '@/lib/request-constants'
import { REQUEST_SUBMITTED, requestSuccessText } from '@/lib/request-messages'
import type { RequestFields } from '@/lib/request-schema'
import { cn } from '@/lib/utils'

import { downscalePhoto } from './downscale-photo'
import {
  FieldError,
  HoneypotField,
  PHOTOS_LABEL,
  PromoCodeField,
  REQUEST_TEXT_FIELDS,
  RequestTextFields,
  SUBMIT_LABEL,
  TextConsentField,
  errorId,
} from './request-fields'
import type { RequestErrors } from './request-fields'
import { sendRequest } from './send-request'
import { restoreFocus } from './takeover'
import type { Takeover } from './takeover'
import { onPromoCode, readPromoCode, readVisitSource, savePromoCode } from './visit-state'

export type RequestFormProps = {
  serviceType: string
  serviceTitle: string
  allowPhotos?: boolean
  onSubmitted?: () => void
  /** The server's messages, when it sent the form back to be corrected. */
  errors?: RequestErrors
  /** What the form sent by the server held when this one took its place. */
  takeover?: Takeover
}

type Phase = 'idle' | 'uploading' | 'submitting'
type PickedPhoto = { id: string; file: File; url: string }

const ERROR_TEXT = REQUEST_FAILED

// zod and its resolver (about a quarter of the page's JavaScript) load on first use, not with
// the page; the first validation waits for them.
let validation: Promise<Resolver<RequestFields>> | null = null
export function loadRequestValidation(): Promise<Resolver<RequestFields>> {
  validation ??= Promise.all([import('@hookform/resolvers/zod'), import('@/lib/request-schema')]).then(
    ([{ zodResolver }, { requestFormSchema }]) => zodResolver(requestFormSchema),
  )
  // A failed load (a dropped connection) is tried again on the next use.
  validation.catch(() => {
    validation = null
  })
  return validation
}

// If the validation code cannot load, nothing is sent and the usual error shows; input is kept.
const requestResolver: Resolver<RequestFields> = async (values, context, options) => {
  let resolve: Resolver<RequestFields>
  try {
    resolve = await loadRequestValidation()
  } catch {
    toast.error('Error', { description: ERROR_TEXT })
    return { values: {}, errors: { root: { type: 'load', message: ERROR_TEXT } } }
  }
  return resolve(values, context, options)
}

const EMPTY: RequestFields = Object.fromEntries(
  REQUEST_TEXT_FIELDS.map((name) => [name, '']),
) as RequestFields

// Image files only, up to the limit: those kept, and what to say about the others.
function pickPhotos(room: number, chosen: File[]): { added: PickedPhoto[]; message: string | null } {
  const images = chosen.filter((f) => f.type.startsWith('image/'))
  let message: string | null = images.length < chosen.length ? 'Only image files can be added.' : null
  if (images.length > room) message = `You can add up to ${MAX_PHOTOS} photos.`
  const added = images.slice(0, Math.max(0, room)).map((file) => ({
    id: crypto.randomUUID(),
    file,
    url: URL.createObjectURL(file),
  }))
  return { added, message }
}

// The submission key lives until a request succeeds, so a retry after a failure (or a double
// click) can never create a second lead.
export function RequestForm({
  serviceType,
  serviceTitle,
  allowPhotos = false,
  onSubmitted,
  errors: serverErrors = {},
  takeover,
}: RequestFormProps) {
  const id = useId()
  const taken = takeover?.values ?? {}
  const formRef = useRef<HTMLFormElement>(null)
  const [phase, setPhase] = useState<Phase>('idle')
  const [progress, setProgress] = useState(0)
  const [initialPhotos] = useState(() =>
    allowPhotos && takeover?.photos.length ? pickPhotos(MAX_PHOTOS, takeover.photos) : null,
  )
  const [photos, setPhotos] = useState<PickedPhoto[]>(initialPhotos?.added ?? [])
  const [photoError, setPhotoError] = useState<string | null>(
    initialPhotos?.message ?? serverErrors.photos ?? null,
  )
  const [submissionKey, setSubmissionKey] = useState<string | null>(null)
  // The server's record of a form it sent back: sent along, so it goes once the request is in.
  const [draft, setDraft] = useState(taken[DRAFT_FIELD] ?? '')
  const fileInput = useRef<HTMLInputElement>(null)
  const [textConsent, setTextConsent] = useState(taken[TEXT_CONSENT_FIELD] === TEXT_CONSENT_VALUE)
  const promo = usePromoCode(taken[PROMO_CODE_FIELD] ?? '', serverErrors[PROMO_CODE_FIELD] ?? null)
  const photosRef = useRef(photos)
  useEffect(() => {
    photosRef.current = photos
  }, [photos])

  const {
    register,
    handleSubmit,
    reset,
    setError,
    trigger,
    formState: { errors },
  } = useForm<RequestFields>({
    resolver: requestResolver,
    defaultValues: Object.fromEntries(REQUEST_TEXT_FIELDS.map((name) => [name, taken[name] ?? ''])),
  })

  // Taking the plain form's place: the caret where it was, and the messages it had or needed.
  const mounted = useRef({ takeover, serverErrors })
  useLayoutEffect(() => {
    const { takeover: from, serverErrors: sent } = mounted.current
    if (formRef.current) restoreFocus(formRef.current, from?.focus ?? null)
    for (const name of REQUEST_TEXT_FIELDS) {
      const message = sent[name]
      if (message) setError(name, { message })
    }
    if (from?.attempted) void trigger()
  }, [setError, trigger])

  useEffect(() => () => photosRef.current.forEach((p) => URL.revokeObjectURL(p.url)), [])

  const busy = phase !== 'idle'

  function addPhotos(event: ChangeEvent<HTMLInputElement>) {
    const chosen = Array.from(event.target.files ?? [])
    event.target.value = ''
    const { added, message } = pickPhotos(MAX_PHOTOS - photos.length, chosen)
    setPhotos((current) => [...current, ...added])
    setPhotoError(message)
  }

  function removePhoto(photoId: string) {
    setPhotos((current) => {
      const gone = current.find((p) => p.id === photoId)
      if (gone) URL.revokeObjectURL(gone.url)
      return current.filter((p) => p.id !== photoId)
    })
    setPhotoError(null)
  }

  async function onValid(values: RequestFields, event?: BaseSyntheticEvent) {
    const key = submissionKey ?? crypto.randomUUID()
    setSubmissionKey(key)
    const formElement = event?.target instanceof HTMLFormElement ? event.target : null
    const photoCount = allowPhotos ? photos.length : 0
    setProgress(0)
    setPhase(photoCount > 0 ? 'uploading' : 'submitting')
    try {
      const form = new FormData()
      for (const name of REQUEST_TEXT_FIELDS) if (values[name] !== undefined) form.append(name, values[name])
      form.append('serviceType', serviceType)
      form.append(
        HONEYPOT_FIELD,
        String(formElement ? (new FormData(formElement).get(HONEYPOT_FIELD) ?? '') : ''),
      )
      if (promo.code.trim()) form.append(PROMO_CODE_FIELD, promo.code.trim())
      if (textConsent) form.append(TEXT_CONSENT_FIELD, TEXT_CONSENT_VALUE)
      if (draft) form.append(DRAFT_FIELD, draft)
      // The plain form's key, rendered by the server, when this form took its place.
      if (taken[FORM_KEY_FIELD]) form.append(FORM_KEY_FIELD, taken[FORM_KEY_FIELD])
      for (const [name, value] of Object.entries(readVisitSource())) if (value) form.append(name, value)
      if (photoCount > 0) {
        for (const p of photos) form.append('photos', await downscalePhoto(p.file))
      }
      const res = await sendRequest(
        form,
        key,
        (fraction) => setProgress(fraction),
        () => setPhase('submitting'),
      )
      if (res.status < 200 || res.status >= 300) {
        for (const [field, message] of Object.entries(res.body.fieldErrors ?? {})) {
          if (field === 'photos') setPhotoError(message)
          else if (field === PROMO_CODE_FIELD) promo.setError(message)
          else if (field in values) setError(field as keyof RequestFields, { message })
        }
        throw new Error(`request answered ${res.status}`)
      }
      toast.success(REQUEST_SUBMITTED, {
        description: requestSuccessText({
          serviceType,
          serviceTitle,
          photos: photoCount,
          outsideArea: res.body.outsideArea,
        }),
      })
      setSubmissionKey(null)
      setDraft('')
      reset(EMPTY)
      photos.forEach((p) => URL.revokeObjectURL(p.url))
      setPhotos([])
      setPhotoError(null)
      promo.change('')
      setTextConsent(false)
      onSubmitted?.()
    } catch (err) {
      console.error('Request failed:', err)
      toast.error('Error', { description: ERROR_TEXT })
    } finally {
      setPhase('idle')
    }
  }

  const fieldErrors: RequestErrors = Object.fromEntries(
    REQUEST_TEXT_FIELDS.map((name) => [name, errors[name]?.message]),
  )

  return (
    <form
      ref={formRef}
      noValidate
      onSubmit={handleSubmit(onValid)}
      onFocus={() => void loadRequestValidation().catch(() => undefined)}
      className="grid gap-4"
      aria-busy={busy}
      data-service-type={serviceType}
    >
      <RequestTextFields id={id} errors={fieldErrors} bind={(name) => register(name)} />

      <PromoCodeField
        id={id}
        error={promo.error}
        input={{ value: promo.code, onChange: promo.change }}
        action={
          promo.code ? (
            <Button type="button" variant="outline" disabled={busy} onClick={() => promo.change('')}>
              Clear
            </Button>
          ) : null
        }
      />

      <TextConsentField id={id} input={{ checked: textConsent, onChange: setTextConsent }} />

      <HoneypotField id={id} defaultValue={taken[HONEYPOT_FIELD]} />

      {allowPhotos ? (
        <div className="grid gap-2">
          <label htmlFor={`${id}-photos`} className="field-label">
            {PHOTOS_LABEL}
          </label>
          <input
            ref={fileInput}
            id={`${id}-photos`}
            type="file"
            accept="image/*"
            multiple
            disabled={busy || photos.length >= MAX_PHOTOS}
            onChange={addPhotos}
            aria-describedby={photoError ? errorId(id, 'photos') : undefined}
            className="sr-only"
          />
          <Button
            type="button"
            variant="outline"
            className="justify-self-start"
            disabled={busy || photos.length >= MAX_PHOTOS}
            onClick={() => fileInput.current?.click()}
          >
            <ImagePlus aria-hidden /> Add photos
          </Button>
          <FieldError id={id} name="photos" error={photoError} alert />
          {photos.length > 0 ? (
            <ul className="grid grid-cols-3 gap-2 sm:grid-cols-5" aria-label="Selected photos">
              {photos.map((p) => (
                <li
                  key={p.id}
                  className="border-ink/10 relative aspect-square overflow-hidden rounded-md border"
                >
                  {/* Object URLs of local files: next/image cannot optimise them. */}
                  {/* eslint-disable-next-line @next/next/no-img-element */}
                  <img src={p.url} alt={p.file.name} className="size-full object-cover" />
                  <button
                    type="button"
                    onClick={() => removePhoto(p.id)}
                    disabled={busy}
                    aria-label={`Remove ${p.file.name}`}
                    className="focus-visible:ring-gold absolute top-1 right-1 inline-flex size-7 items-center justify-center rounded-full bg-black/70 text-white hover:bg-black focus-visible:ring-2 focus-visible:outline-none disabled:opacity-50"
                  >
                    <X className="size-4" aria-hidden />
                  </button>
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      ) : null}

      {phase === 'uploading' ? (
        <div className="grid gap-1">
          <p className="text-sm" id={`${id}-progress-label`}>
            Uploading images...
          </p>
          <progress
            aria-labelledby={`${id}-progress-label`}
            max={100}
            value={Math.round(progress * 100)}
            className="[&::-webkit-progress-bar]:bg-ink/10 [&::-webkit-progress-value]:bg-gold h-2 w-full overflow-hidden rounded-full"
          />
        </div>
      ) : null}

      <Button type="submit" variant="premium" size="lg" disabled={busy} className={cn('w-full')}>
        {phase === 'uploading'
          ? 'Uploading images...'
          : phase === 'submitting'
            ? 'Submitting...'
            : SUBMIT_LABEL}
      </Button>
    </form>
  )
}

// Typed in the plain form before this one took its place, or kept by this tab.
function usePromoCode(typed: string, sentError: string | null) {
  const [code, setCode] = useState(typed)
  const [error, setError] = useState<string | null>(sentError)
  useEffect(() => {
    if (typed) savePromoCode(typed)
    // Session storage is only readable after hydration.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    else setCode(readPromoCode())
    return onPromoCode((next) => {
      // This form's own typing comes back normalised: keep what was typed (and the caret).
      setCode((current) => (normalizePromoInput(current) === next ? current : next))
    })
  }, [typed])
  return {
    code,
    error,
    setError,
    change(value: string) {
      setCode(value)
      setError(null)
      savePromoCode(value)
    },
  }
}
