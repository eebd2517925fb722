import { LazyRequestForm } from '@/components/request/lazy-request-form.client'
import { PlainRequestForm } from '@/components/request/plain-request-form'
import { MAIN_FORM_SERVICE } from '@/lib/catalog'

import { SectionHeading } from './section-heading'

export function RequestSection() {
  return (
    <section id="quote" aria-labelledby="quote-title" className="px-4 py-16 sm:py-20">
      <div className="mx-auto max-w-2xl">
        <SectionHeading
          id="quote-title"
          eyebrow="Free Estimate"
          title="Get Your Free Quote"
          intro="Tell us about your wheels and add a few photos. We'll contact you within 24 hours."
        />
        <div className="border-ink/10 rounded-2xl border bg-white p-6 shadow-sm sm:p-8">
          <LazyRequestForm
            serviceType={MAIN_FORM_SERVICE.key}
            serviceTitle={MAIN_FORM_SERVICE.title}
            allowPhotos
          >
            <PlainRequestForm id="quote" serviceType={MAIN_FORM_SERVICE.key} allowPhotos />
          </LazyRequestForm>
        </div>
      </div>
    </section>
  )
}
