import type { Metadata } from 'next'

import { PolicyPage } from '@/components/site/policy-page'
import { pageMetadata } from '@/lib/seo'
import { getSitePages } from '@/lib/site-pages'

export const revalidate = 30

export const metadata: Metadata = pageMetadata({
  title: 'Privacy Policy',
  description: 'How Curbside Rim Co. collects, uses and protects the information you share when you request a quote.',
  path: '/privacy-policy',
})

export default async function PrivacyPolicyPage() {
  const { privacyPolicy } = await getSitePages()
  return <PolicyPage title="Privacy Policy" body={privacyPolicy} />
}
