import { RequestDialogButton } from '@/components/request/request-dialog-button.client'
import { buttonVariants } from '@/components/ui/button'
import { type HomeContent } from '@/lib/home-content'
import { cn } from '@/lib/utils'

import { SectionHeading } from './section-heading'
import { formatMoney } from '@/lib/money'

export function Pricing({ pricing }: { pricing: HomeContent['pricing'] }) {
  return (
    <section id="pricing" aria-labelledby="pricing-title" className="bg-ink px-4 py-16 text-white sm:py-20">
      <div className="mx-auto max-w-6xl">
        <SectionHeading
          id="pricing-title"
          eyebrow="Pricing"
          title="Simple, Upfront Pricing"
          intro="Clear prices for our most requested repairs. Every estimate is free."
          dark
        />
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {pricing.offers.map((offer) => (
            <li
              key={offer.key}
              data-offer={offer.key}
              className="border-gold/30 bg-ink-soft flex flex-col rounded-2xl border p-6"
            >
              <h3 className="text-lg font-bold">{offer.title}</h3>
              <p className="mt-4">
                <span className="text-gold text-4xl font-extrabold">
                  {formatMoney(offer.priceCents, 'price')}
                </span>
                {offer.unit ? <span className="ml-1 text-white/80">{offer.unit}</span> : null}
              </p>
              <p className="mt-4 flex-1 text-white/80">{offer.description}</p>
              <RequestDialogButton
                serviceType={offer.key}
                serviceTitle={offer.title}
                className={cn(buttonVariants({ variant: 'premium', size: 'lg' }), 'mt-6 w-full')}
              >
                Get Started
              </RequestDialogButton>
            </li>
          ))}
        </ul>
        <p className="mt-8 text-center text-white/80">{pricing.note}</p>
      </div>
    </section>
  )
}
