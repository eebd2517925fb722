import { MAIN_FORM_SERVICE } from '@/lib/catalog'
import { OUTSIDE_AREA_NOTE } from '@/lib/service-area'

// The spec's notice for a request sent, said by the scripted forms' toast and by the page a
// form posted without script lands on.
export const REQUEST_SUBMITTED = 'Request Submitted!'

export function requestSuccessText({
  serviceType,
  serviceTitle,
  photos,
  outsideArea = false,
}: {
  serviceType: string
  serviceTitle: string
  photos: number
  outsideArea?: boolean
}): string {
  const note = outsideArea ? ` ${OUTSIDE_AREA_NOTE}` : ''
  if (serviceType !== MAIN_FORM_SERVICE.key) {
    return `We'll contact you within 24 hours about your ${serviceTitle} request.${note}`
  }
  const base = "We'll contact you within 24 hours to discuss your wheel restoration needs."
  return `${photos > 0 ? `${base} ${photos} image(s) uploaded successfully.` : base}${note}`
}

// Why the request page shows the form again when nothing typed could be kept (the request was
// refused before it was read, or could not be read); its URL says only this.
export const REQUEST_PAGE_ERRORS = ['rate-limited', 'too-large', 'failed'] as const
export type RequestPageError = (typeof REQUEST_PAGE_ERRORS)[number]
export const isRequestPageError = (value: unknown): value is RequestPageError =>
  REQUEST_PAGE_ERRORS.includes(value as RequestPageError)
