import type { Metadata } from 'next'
import Link from 'next/link'

import { readPartnerEnquiryDraft } from '@/data/customer-pages'
import { FormError } from '@/components/site/form-error'
import { FormCard, FormPage } from '@/components/site/form-page'
import { PartnerEnquiryForm } from '@/components/site/partner-enquiry-form'
import { buttonVariants } from '@/components/ui/button'
import { getSiteSettings } from '@/data/site-settings'
import { PARTNER_ENQUIRY_SENT, PARTNER_PAGE, PARTNER_RATE_LIMITED } from '@/lib/partner-enquiry'
import { REQUEST_FAILED } from '@/lib/request-constants'
import { pageMetadata } from '@/lib/seo'

// The hero's dealership card leads here. Read per request: the form comes back with what was
// typed and its messages (?draft=), or says it was sent (?sent=1).
export const dynamic = 'force-dynamic'

// Listed in the sitemap: its own description, canonical address and Open Graph tags.
export async function generateMetadata(): Promise<Metadata> {
  const { businessName } = await getSiteSettings()
  return pageMetadata({
    businessName,
    title: 'Become a partner',
    description:
      'Dealership partnership: fleet pricing, quick turnaround on lot inventory, pickup and delivery.',
    path: PARTNER_PAGE,
  })
}

type SearchParams = Record<string, string | string[] | undefined>
const one = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value)

const PAGE_ERRORS: Record<string, string> = { 'rate-limited': PARTNER_RATE_LIMITED, failed: REQUEST_FAILED }

export default async function BecomeAPartnerPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const params = await searchParams
  const sent = one(params.sent) === '1'
  const draftToken = one(params.draft)
  const draft = draftToken ? await readPartnerEnquiryDraft(draftToken) : null
  const error = draftToken && !draft ? 'failed' : one(params.error)
  const message = draft
    ? 'Please check the highlighted fields.'
    : error && Object.hasOwn(PAGE_ERRORS, error)
      ? PAGE_ERRORS[error]
      : null
  return (
    <FormPage
      id="partner"
      eyebrow="For Dealerships"
      title="Become a Partner"
      intro="Fleet pricing, quick turnaround on lot inventory, and pickup and delivery. Tell us about your dealership and we will call you within 24 hours."
    >
      {sent ? (
        <div role="status" className="rounded-2xl border border-green-700/30 bg-green-50 p-6">
          <p className="font-semibold">Enquiry Sent!</p>
          <p className="mt-2">{PARTNER_ENQUIRY_SENT}</p>
          <Link href="/" className={buttonVariants({ variant: 'premium', size: 'lg', className: 'mt-6' })}>
            Back to Home
          </Link>
        </div>
      ) : (
        <FormCard error={message ? <FormError message={message} /> : null}>
          <PartnerEnquiryForm
            values={draft?.values}
            errors={draft?.errors}
            draft={draft ? draftToken : undefined}
          />
        </FormCard>
      )}
    </FormPage>
  )
}
