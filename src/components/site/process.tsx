import { Fragment } from 'react'

import { smsHref } from '@/lib/contact'
import { type HomeContent, splitAtPhone } from '@/lib/home-content'
import type { PublicSiteSettings } from '@/lib/site-settings'

import { SectionHeading } from './section-heading'

// The owner writes {phone} where the number goes; it becomes a text-message link.
function StepText({ text, phone }: { text: string; phone: string }) {
  const parts = splitAtPhone(text)
  return parts.map((part, i) => (
    <Fragment key={i}>
      {part}
      {i < parts.length - 1 ? (
        <a href={smsHref(phone)} className="text-gold-dark font-semibold underline underline-offset-2">
          {phone}
        </a>
      ) : null}
    </Fragment>
  ))
}

export function Process({
  settings,
  process,
}: {
  settings: PublicSiteSettings
  process: HomeContent['process']
}) {
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
          {process.steps.map((step, i) => (
            <li key={i} className="border-ink/10 rounded-2xl border bg-white p-6 shadow-sm">
              <span className="step-number" aria-hidden>
                {i + 1}
              </span>
              <h3 className="mt-4 text-xl font-bold">{step.title}</h3>
              <p className="text-ink/75 mt-2">
                <StepText text={step.text} phone={settings.textPhone} />
              </p>
            </li>
          ))}
        </ol>
      </div>
    </section>
  )
}
