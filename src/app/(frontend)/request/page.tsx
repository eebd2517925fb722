import type { Metadata } from 'next'
import Link from 'next/link'

import { LazyRequestForm } from '@/components/request/lazy-request-form.client'
import { PlainRequestForm } from '@/components/request/plain-request-form'
import { FormError } from '@/components/site/form-error'
import { FormCard, FormPage } from '@/components/site/form-page'
import { PageShell } from '@/components/site/page-shell'
import { buttonVariants } from '@/components/ui/button'
import { LazyToaster } from '@/components/ui/lazy-toaster.client'
import { getHomeContent } from '@/data/home-content'
import { MAIN_FORM_SERVICE } from '@/lib/catalog'
import { MAX_PHOTOS, REQUEST_FAILED, SERVICE_PARAM, UPLOAD_TOO_LARGE } from '@/lib/request-constants'
import {
  REQUEST_SUBMITTED,
  isRequestPageError,
  requestSuccessText,
  type RequestPageError,
} from '@/lib/request-messages'
import { serviceTypeSchema } from '@/lib/request-schema'
import { readRequestDraft, type RequestDraft } from '@/data/customer-pages'
import { RATE_LIMITED_MESSAGE } from '@/server/rate-limit'

// Where a request form posted without script lands (the endpoint's 303): the spec's success
// text, or the form again with what was typed and each field's message. Also the pricing cards'
// way to an offer's form before the home page's script has loaded (?service=rim_rash).
// Read per request; never indexed.
export const dynamic = 'force-dynamic'

export const metadata: Metadata = { title: 'Your request', robots: { index: false, follow: true } }

type SearchParams = Record<string, string | string[] | undefined>
const one = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value)

const PAGE_ERRORS: Record<RequestPageError, string> = {
  'rate-limited': RATE_LIMITED_MESSAGE,
  'too-large': UPLOAD_TOO_LARGE,
  failed: REQUEST_FAILED,
}

export default async function RequestPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const params = await searchParams
  const { offers } = (await getHomeContent()).pricing
  const titleOf = (service: string) =>
    offers.find((offer) => offer.key === service)?.title ?? MAIN_FORM_SERVICE.title
  const serviceOf = (value: unknown) => {
    const parsed = serviceTypeSchema.safeParse(value)
    return parsed.success ? parsed.data : MAIN_FORM_SERVICE.key
  }

  const sent = one(params.sent)
  if (sent !== undefined) {
    const service = serviceOf(sent)
    const text = requestSuccessText({
      serviceType: service,
      serviceTitle: titleOf(service),
      photos: Math.max(0, Math.min(MAX_PHOTOS, Number(one(params.photos)) || 0)),
      outsideArea: one(params.outside) === '1',
    })
    return (
      <PageShell>
        {() => (
          <section id="quote" aria-labelledby="quote-title" className="px-4 py-12 sm:py-16">
            <div className="mx-auto max-w-2xl" role="status">
              <h1 id="quote-title" className="text-3xl font-bold">
                {REQUEST_SUBMITTED}
              </h1>
              <p className="text-ink/80 mt-4 text-lg">{text}</p>
              <Link
                href="/"
                className={buttonVariants({ variant: 'premium', size: 'lg', className: 'mt-8' })}
              >
                Back to Home
              </Link>
            </div>
          </section>
        )}
      </PageShell>
    )
  }

  const draftToken = one(params.draft)
  const draft: RequestDraft | null = draftToken ? await readRequestDraft(draftToken) : null
  const error = one(params.error)
  const service = draft?.serviceType ?? serviceOf(one(params[SERVICE_PARAM]))
  const main = service === MAIN_FORM_SERVICE.key
  const message = draft ? REQUEST_FAILED : isRequestPageError(error) ? PAGE_ERRORS[error] : null
  const photosLost = draft && draft.photos > 0 && !draft.errors.photos

  return (
    <FormPage
      id="quote"
      eyebrow="Free Estimate"
      title={main ? 'Get Your Free Quote' : titleOf(service)}
      intro={
        main
          ? "Tell us about your wheels and add a few photos. We'll contact you within 24 hours."
          : "Tell us about your vehicle and we'll contact you within 24 hours."
      }
      after={<LazyToaster />}
    >
      <FormCard
        error={
          message ? (
            <FormError message={message}>
              {photosLost ? <p className="mt-2">Please add your photos again.</p> : null}
            </FormError>
          ) : null
        }
      >
        <LazyRequestForm
          serviceType={service}
          serviceTitle={titleOf(service)}
          allowPhotos={main}
          errors={draft?.errors}
        >
          <PlainRequestForm
            id="request"
            serviceType={service}
            allowPhotos={main}
            values={draft?.values}
            errors={draft?.errors}
            draft={draft ? draftToken : undefined}
          />
        </LazyRequestForm>
      </FormCard>
    </FormPage>
  )
}
