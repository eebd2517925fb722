import { Contact } from '@/components/site/contact'
import { Hero } from '@/components/site/hero'
import { Pricing } from '@/components/site/pricing'
import { Process } from '@/components/site/process'
import { RequestSection } from '@/components/site/request-section'
import { Reviews } from '@/components/site/reviews'
import { Services } from '@/components/site/services'
import { SiteFooter } from '@/components/site/site-footer'
import { SiteHeader } from '@/components/site/site-header'
import { LazyToaster } from '@/components/ui/lazy-toaster.client'
import type { HomeContent } from '@/lib/home-content'
import { businessJsonLd, jsonLdScript } from '@/lib/json-ld'
import type { PublicSiteSettings } from '@/lib/site-settings'
import { serverUrl } from '@/lib/server-url'

// The home page from its content: what visitors see (published) and what the preview shows (a draft).
export function HomeView({ settings, content }: { settings: PublicSiteSettings; content: HomeContent }) {
  return (
    <>
      <script
        type="application/ld+json"
        dangerouslySetInnerHTML={{ __html: jsonLdScript(businessJsonLd(settings, content, serverUrl())) }}
      />
      <SiteHeader settings={settings} variant="home" />
      <main id="main">
        <Hero settings={settings} hero={content.hero} />
        <Services services={content.services} />
        <Pricing pricing={content.pricing} />
        <Process settings={settings} process={content.process} />
        <Reviews settings={settings} reviews={content.reviews} />
        <RequestSection />
        <Contact settings={settings} contact={content.contact} />
      </main>
      <SiteFooter settings={settings} offers={content.pricing.offers} />
      <LazyToaster />
    </>
  )
}
