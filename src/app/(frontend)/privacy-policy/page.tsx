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
    title: 'Privacy Policy',
    description: `How ${businessName} collects, uses and protects the information you share when you request a quote.`,
    path: '/privacy-policy',
  })
}

export default async function PrivacyPolicyPage() {
  const { privacyPolicy } = await getSitePages()
  return <PolicyPage title="Privacy Policy" body={privacyPolicy} />
}
