import type { Metadata } from 'next'

import { Contact } from '@/components/site/contact'
import { Hero } from '@/components/site/hero'
import { Pricing } from '@/components/site/pricing'
import { Process } from '@/components/site/process'
import { QuoteSection } from '@/components/site/quote-section'
import { Reviews } from '@/components/site/reviews'
import { Services } from '@/components/site/services'
import { SiteFooter } from '@/components/site/site-footer'
import { SiteHeader } from '@/components/site/site-header'
import { LazyToaster } from '@/components/ui/lazy-toaster.client'
import { businessJsonLd, jsonLdScript } from '@/lib/json-ld'
import { homeTitle, pageMetadata } from '@/lib/seo'
import { serverUrl } from '@/lib/server-url'
import { getSiteSettings } from '@/data/site-settings'

// The collections' hooks revalidate by tag; 30 s retires a promotion at its end date.
export const revalidate = 30

export async function generateMetadata(): Promise<Metadata> {
  const { businessName } = await getSiteSettings()
  return {
    ...pageMetadata({
      businessName,
      description:
        'Mobile curb rash, rim and wheel repair at your home, office or dealership in central Austin. Same-day service, no wheel removal, free quotes within 24 hours.',
      path: '/',
    }),
    title: { absolute: homeTitle(businessName) },
  }
}

export default async function HomePage() {
  const settings = await getSiteSettings()
  return (
    <>
      <script
        type="application/ld+json"
        dangerouslySetInnerHTML={{ __html: jsonLdScript(businessJsonLd(settings, serverUrl())) }}
      />
      <SiteHeader settings={settings} variant="home" />
      <main id="main">
        <Hero settings={settings} />
        <Services />
        <Pricing />
        <Process settings={settings} />
        <Reviews settings={settings} />
        <QuoteSection />
        <Contact settings={settings} />
      </main>
      <SiteFooter settings={settings} />
      <LazyToaster />
    </>
  )
}
