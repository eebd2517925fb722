import type { Metadata } from 'next'

import { PolicyPage } from '@/components/site/policy-page'
import { pageMetadata } from '@/lib/seo'
import { getSitePages } from '@/lib/site-pages'

export const revalidate = 30

export const metadata: Metadata = pageMetadata({
  title: 'Terms of Service',
  description: 'Estimates, cancellation, the 30-day workmanship warranty and the other terms of Curbside Rim Co. repairs.',
  path: '/terms-of-service',
})

export default async function TermsOfServicePage() {
  const { termsOfService } = await getSitePages()
  return <PolicyPage title="Terms of Service" body={termsOfService} />
}
