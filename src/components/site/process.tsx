import { smsHref } from '@/lib/contact'
import type { PublicSiteSettings } from '@/lib/site-settings'

import { SectionHeading } from './section-heading'

export function processSteps(phone: string) {
  return [
    {
      title: 'Assessment',
      text: (
        <>
          Text a photo of the damage with your name and location to{' '}
          <a href={smsHref(phone)} className="text-gold-dark font-semibold underline underline-offset-2">
            {phone}
          </a>
          . We reply with a quote, usually within the hour.
        </>
      ),
    },
    {
      title: 'Preparation',
      text: <>We arrive at your location, clean the wheel and mask off the tire and surrounding paint.</>,
    },
    {
      title: 'Repair',
      text: <>Damage is sanded, filled and shaped, then primed, colour-matched and clear-coated.</>,
    },
    {
      title: 'Quality Control',
      text: <>We inspect the finish in full light and only hand the car back when it meets our standard.</>,
    },
  ]
}

export function Process({ settings }: { settings: PublicSiteSettings }) {
  return (
    <section id="process" aria-labelledby="process-title" className="px-4 py-16 sm:py-20">
      <div className="mx-auto max-w-6xl">
        <SectionHeading
          id="process-title"
          eyebrow="How It Works"
          title="Our Process"
          intro="Four steps from damaged to showroom, without leaving your driveway."
        />
        <ol className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {processSteps(settings.phone).map((step, i) => (
            <li key={step.title} className="border-ink/10 rounded-2xl border bg-white p-6 shadow-sm">
              <span className="step-number" aria-hidden>
                {i + 1}
              </span>
              <h3 className="mt-4 text-xl font-bold">{step.title}</h3>
              <p className="text-ink/75 mt-2">{step.text}</p>
            </li>
          ))}
        </ol>
      </div>
    </section>
  )
}
