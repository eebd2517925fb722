import type { Metadata } from 'next'

import { PolicyPage } from '@/components/site/policy-page'
import { getSitePages } from '@/data/site-pages'
import { ownerPageMetadata } from '@/data/page-seo'
import { getSiteSettings } from '@/data/site-settings'

// Cached; at most 30 s old so an ended promotion leaves in time (src/data/banner.ts).
export const revalidate = 30

export async function generateMetadata(): Promise<Metadata> {
  const { businessName } = await getSiteSettings()
  return ownerPageMetadata({
    businessName,
    title: 'Terms of Service',
    description: `Estimates, cancellation, the 30-day workmanship warranty and the other terms of ${businessName} repairs.`,
    path: '/terms-of-service',
  })
}

export default async function TermsOfServicePage() {
  const { termsOfService } = await getSitePages()
  return <PolicyPage title="Terms of Service" body={termsOfService} />
}
