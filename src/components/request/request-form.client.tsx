'use client'

import { ImagePlus, X } from 'lucide-react'
import { useEffect, useId, useRef, useState } from 'react'
import type { BaseSyntheticEvent, ChangeEvent } from 'react'
import { useForm } from 'react-hook-form'
import type { Resolver } from 'react-hook-form'
import { toast } from 'sonner'

import { Button } from '@/components/ui/button'
import { MAIN_FORM_SERVICE } from '@/lib/catalog'
import { PROMO_CODE_FIELD, PROMO_CODE_MAX, normalizePromoInput } from '@/lib/lead-source'
import { ADDRESS_MAX, HONEYPOT_FIELD, MAX_PHOTOS, REQUEST_FAILED } from '@/lib/request-constants'
import { OUTSIDE_AREA_NOTE } from '@/lib/service-area'
import type { RequestFields } from '@/lib/request-schema'
import { cn } from '@/lib/utils'

import { downscalePhoto } from './downscale-photo'
import { sendRequest } from './send-request'
import { onPromoCode, readPromoCode, readVisitSource, savePromoCode } from './visit-state'

export type RequestFormProps = {
  serviceType: string
  serviceTitle: string
  allowPhotos?: boolean
  onSubmitted?: () => void
}

type Phase = 'idle' | 'uploading' | 'submitting'
type PickedPhoto = { id: string; file: File; url: string }

const ERROR_TEXT = REQUEST_FAILED
const FIELDS: { name: keyof RequestFields; label: string; type?: string; autoComplete: string }[] = [
  { name: 'firstName', label: 'First Name', autoComplete: 'given-name' },
  { name: 'lastName', label: 'Last Name', autoComplete: 'family-name' },
  { name: 'phone', label: 'Phone', type: 'tel', autoComplete: 'tel' },
  { name: 'email', label: 'Email', type: 'email', autoComplete: 'email' },
]
// Optional: where the van goes and what it works on.
type VisitField = {
  name: keyof RequestFields
  label: string
  autoComplete: string
  inputMode?: 'numeric'
  maxLength: number
}
const VISIT_FIELDS: VisitField[] = [
  {
    name: 'zip',
    label: 'ZIP code (optional)',
    autoComplete: 'postal-code',
    inputMode: 'numeric',
    maxLength: 5,
  },
  { name: 'wheelSize', label: 'Wheel size (optional)', autoComplete: 'off', maxLength: 20 },
  { name: 'vehicle', label: 'Vehicle, make and model (optional)', autoComplete: 'off', maxLength: 100 },
]
// The whole row on every screen: an address is long.
const ADDRESS_FIELD: VisitField = {
  name: 'address',
  label: 'Street address (optional)',
  autoComplete: 'street-address',
  maxLength: ADDRESS_MAX,
}

const inputClass =
  'block w-full rounded-md border border-ink/20 bg-white px-3 py-2 text-base text-ink shadow-sm outline-none focus-visible:border-gold focus-visible:ring-2 focus-visible:ring-gold aria-[invalid=true]:border-red-700'

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

function successText(serviceType: string, serviceTitle: string, photos: number): string {
  if (serviceType !== MAIN_FORM_SERVICE.key) {
    return `We'll contact you within 24 hours about your ${serviceTitle} request.`
  }
  const base = "We'll contact you within 24 hours to discuss your wheel restoration needs."
  return photos > 0 ? `${base} ${photos} image(s) uploaded successfully.` : base
}

// The submission key lives until a request succeeds, so a retry after a failure (or a double
// click) can never create a second lead.
export function RequestForm({
  serviceType,
  serviceTitle,
  allowPhotos = false,
  onSubmitted,
}: RequestFormProps) {
  const id = useId()
  const [phase, setPhase] = useState<Phase>('idle')
  const [progress, setProgress] = useState(0)
  const [photos, setPhotos] = useState<PickedPhoto[]>([])
  const [photoError, setPhotoError] = useState<string | null>(null)
  const [submissionKey, setSubmissionKey] = useState<string | null>(null)
  const fileInput = useRef<HTMLInputElement>(null)
  const promo = usePromoCode()
  const photosRef = useRef(photos)
  useEffect(() => {
    photosRef.current = photos
  }, [photos])

  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<RequestFields>({
    resolver: requestResolver,
    defaultValues: {
      firstName: '',
      lastName: '',
      phone: '',
      email: '',
      description: '',
      address: '',
      zip: '',
      vehicle: '',
      wheelSize: '',
    },
  })

  useEffect(() => () => photosRef.current.forEach((p) => URL.revokeObjectURL(p.url)), [])

  const busy = phase !== 'idle'

  function addPhotos(event: ChangeEvent<HTMLInputElement>) {
    const chosen = Array.from(event.target.files ?? [])
    event.target.value = ''
    const images = chosen.filter((f) => f.type.startsWith('image/'))
    let message: string | null = images.length < chosen.length ? 'Only image files can be added.' : null
    const room = MAX_PHOTOS - photos.length
    if (images.length > room) message = `You can add up to ${MAX_PHOTOS} photos.`
    const added = images.slice(0, Math.max(0, room)).map((file) => ({
      id: crypto.randomUUID(),
      file,
      url: URL.createObjectURL(file),
    }))
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
      for (const [name, value] of Object.entries(values)) if (value !== undefined) form.append(name, value)
      form.append('serviceType', serviceType)
      form.append(
        HONEYPOT_FIELD,
        String(formElement ? (new FormData(formElement).get(HONEYPOT_FIELD) ?? '') : ''),
      )
      if (promo.code.trim()) form.append(PROMO_CODE_FIELD, promo.code.trim())
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
      const note = res.body.outsideArea ? ` ${OUTSIDE_AREA_NOTE}` : ''
      toast.success('Request Submitted!', {
        description: `${successText(serviceType, serviceTitle, photoCount)}${note}`,
      })
      setSubmissionKey(null)
      reset()
      photos.forEach((p) => URL.revokeObjectURL(p.url))
      setPhotos([])
      setPhotoError(null)
      promo.change('')
      onSubmitted?.()
    } catch (err) {
      console.error('Request failed:', err)
      toast.error('Error', { description: ERROR_TEXT })
    } finally {
      setPhase('idle')
    }
  }

  const fieldError = (name: keyof RequestFields) => errors[name]?.message
  const errorId = (name: string) => `${id}-${name}-error`

  return (
    <form
      noValidate
      onSubmit={handleSubmit(onValid)}
      onFocus={() => void loadRequestValidation().catch(() => undefined)}
      className="grid gap-4"
      aria-busy={busy}
      data-service-type={serviceType}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        {FIELDS.map(({ name, label, type, autoComplete }) => (
          <div key={name} className="grid gap-1.5">
            <label htmlFor={`${id}-${name}`} className="text-sm font-medium">
              {label}
            </label>
            <input
              id={`${id}-${name}`}
              type={type ?? 'text'}
              autoComplete={autoComplete}
              required
              aria-invalid={fieldError(name) ? true : undefined}
              aria-describedby={fieldError(name) ? errorId(name) : undefined}
              className={inputClass}
              {...register(name)}
            />
            {fieldError(name) ? (
              <p id={errorId(name)} className="text-sm text-red-700">
                {fieldError(name)}
              </p>
            ) : null}
          </div>
        ))}
      </div>
      {/* Two short fields side by side even on a phone; the vehicle under them there. */}
      <div className="grid grid-cols-2 gap-4 sm:grid-cols-3">
        {[ADDRESS_FIELD, ...VISIT_FIELDS].map(({ name, label, autoComplete, inputMode, maxLength }) => (
          <div
            key={name}
            className={cn(
              'grid gap-1.5',
              name === 'vehicle' && 'col-span-2 sm:col-span-1',
              name === 'address' && 'col-span-2 sm:col-span-3',
            )}
          >
            <label htmlFor={`${id}-${name}`} className="text-sm font-medium">
              {label}
            </label>
            <input
              id={`${id}-${name}`}
              type="text"
              autoComplete={autoComplete}
              inputMode={inputMode}
              maxLength={maxLength}
              aria-invalid={fieldError(name) ? true : undefined}
              aria-describedby={fieldError(name) ? errorId(name) : undefined}
              className={inputClass}
              {...register(name)}
            />
            {fieldError(name) ? (
              <p id={errorId(name)} className="text-sm text-red-700">
                {fieldError(name)}
              </p>
            ) : null}
          </div>
        ))}
      </div>
      <div className="grid gap-1.5">
        <label htmlFor={`${id}-description`} className="text-sm font-medium">
          Description
        </label>
        <textarea
          id={`${id}-description`}
          rows={4}
          required
          aria-invalid={fieldError('description') ? true : undefined}
          aria-describedby={fieldError('description') ? errorId('description') : undefined}
          className={inputClass}
          {...register('description')}
        />
        {fieldError('description') ? (
          <p id={errorId('description')} className="text-sm text-red-700">
            {fieldError('description')}
          </p>
        ) : null}
      </div>

      <div className="grid gap-1.5">
        <label htmlFor={`${id}-${PROMO_CODE_FIELD}`} className="text-sm font-medium">
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
            value={promo.code}
            onChange={(e) => promo.change(e.target.value)}
            aria-invalid={promo.error ? true : undefined}
            aria-describedby={promo.error ? errorId(PROMO_CODE_FIELD) : undefined}
            className={cn(inputClass, 'uppercase')}
          />
          {promo.code ? (
            <Button type="button" variant="outline" disabled={busy} onClick={() => promo.change('')}>
              Clear
            </Button>
          ) : null}
        </div>
        {promo.error ? (
          <p id={errorId(PROMO_CODE_FIELD)} className="text-sm text-red-700">
            {promo.error}
          </p>
        ) : null}
      </div>

      {/* Never shown to people; bots fill it in and the server refuses the request. */}
      <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
        <label htmlFor={`${id}-${HONEYPOT_FIELD}`}>Leave this empty</label>
        <input
          id={`${id}-${HONEYPOT_FIELD}`}
          name={HONEYPOT_FIELD}
          type="text"
          tabIndex={-1}
          autoComplete="off"
        />
      </div>

      {allowPhotos ? (
        <div className="grid gap-2">
          <label htmlFor={`${id}-photos`} className="text-sm font-medium">
            Photos (optional)
          </label>
          <input
            ref={fileInput}
            id={`${id}-photos`}
            type="file"
            accept="image/*"
            multiple
            disabled={busy || photos.length >= MAX_PHOTOS}
            onChange={addPhotos}
            aria-describedby={photoError ? errorId('photos') : undefined}
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
          {photoError ? (
            <p id={errorId('photos')} className="text-sm text-red-700" role="alert">
              {photoError}
            </p>
          ) : null}
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
            : 'Submit Request'}
      </Button>
    </form>
  )
}

function usePromoCode() {
  const [code, setCode] = useState('')
  const [error, setError] = useState<string | null>(null)
  useEffect(() => {
    // Session storage is only readable after hydration.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setCode(readPromoCode())
    return onPromoCode((next) => {
      // This form's own typing comes back normalised: keep what was typed (and the caret).
      setCode((current) => (normalizePromoInput(current) === next ? current : next))
    })
  }, [])
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
