import type { ReactNode } from 'react'

import { PageShell } from './page-shell'

// A page that holds one of the site's forms (a quote request, a partner enquiry): its heading,
// then what the page shows below it; `id` is the section's anchor, which the forms' 303s name.
export function FormPage({
  id,
  eyebrow,
  title,
  intro,
  children,
  after,
}: {
  id: string
  eyebrow: string
  title: string
  intro: string
  children: ReactNode
  // Inside the section, beside the page's column (a toaster).
  after?: ReactNode
}) {
  return (
    <PageShell>
      {() => (
        <section id={id} aria-labelledby={`${id}-title`} className="px-4 py-12 sm:py-16">
          <div className="mx-auto max-w-2xl">
            <div className="section-heading">
              <p className="eyebrow text-gold-dark">{eyebrow}</p>
              <h1 id={`${id}-title`} className="section-title">
                {title}
              </h1>
              <p className="text-ink/75 mt-4 text-lg">{intro}</p>
            </div>
            {children}
          </div>
          {after}
        </section>
      )}
    </PageShell>
  )
}

/** The form on its card, under the message of a form sent back or refused. */
export function FormCard({ error, children }: { error?: ReactNode; children: ReactNode }) {
  return (
    <>
      {error}
      <div className="border-ink/10 rounded-2xl border bg-white p-6 shadow-sm sm:p-8">{children}</div>
    </>
  )
}
