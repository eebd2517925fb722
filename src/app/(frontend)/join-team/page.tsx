import type { Metadata } from 'next'

import { PageShell } from '@/components/site/page-shell'
import { RichText } from '@/components/site/rich-text'
import { buttonVariants } from '@/components/ui/button'
import { Icon } from '@/components/ui/icon'
import { mailtoHref } from '@/lib/contact'
import { pageMetadata } from '@/lib/seo'
import { getSitePages } from '@/data/site-pages'
import { getSiteSettings } from '@/data/site-settings'
import { cn } from '@/lib/utils'

// Cached; at most 30 s old so an ended promotion leaves in time (src/data/banner.ts).
export const revalidate = 30

const JOB_TITLE = 'Mobile Wheel Technician'

export async function generateMetadata(): Promise<Metadata> {
  const { businessName } = await getSiteSettings()
  return pageMetadata({
    businessName,
    title: 'Careers - Mobile Wheel Technician',
    description: `Join ${businessName} as a full-time Mobile Wheel Technician in central Austin. Competitive pay, training and a company van.`,
    path: '/join-team',
  })
}

export default async function JoinTeamPage() {
  const { careersPosting } = await getSitePages()
  return (
    <PageShell>
      {(settings) => (
        <section aria-labelledby="careers-title" className="px-4 py-12 sm:py-16">
          <div className="mx-auto max-w-3xl">
            <p className="text-gold-dark text-sm font-semibold tracking-widest uppercase">Careers</p>
            <h1 id="careers-title" className="mt-2 text-4xl font-bold tracking-tight">
              Join Our Team
            </h1>
            <article
              aria-labelledby="job-title"
              className="border-ink/10 mt-8 rounded-2xl border bg-white p-6 shadow-sm sm:p-8"
            >
              <h2 id="job-title" className="text-2xl font-bold">
                {JOB_TITLE}
              </h2>
              <ul className="mt-4 flex flex-wrap gap-2 text-sm font-medium" aria-label="Position details">
                <li className="bg-mist flex items-center gap-1.5 rounded-full px-3 py-1">
                  <Icon name="briefcase" className="size-4" /> Full-time
                </li>
                <li className="bg-mist flex items-center gap-1.5 rounded-full px-3 py-1">
                  <Icon name="map-pin" className="size-4" /> Central Austin
                </li>
                <li className="bg-mist flex items-center gap-1.5 rounded-full px-3 py-1">
                  <Icon name="dollar-sign" className="size-4" /> Competitive pay
                </li>
              </ul>
              <RichText data={careersPosting} className="mt-6" />
              <div className="bg-ink mt-8 rounded-xl p-6 text-white">
                <h3 className="text-xl font-bold">How to Apply</h3>
                <p className="mt-2 text-white/85">
                  E-mail your résumé and a few lines about your experience to {settings.email}.
                </p>
                <a
                  href={mailtoHref(settings.email, `Application: ${JOB_TITLE}`)}
                  className={cn(buttonVariants({ variant: 'premium', size: 'lg' }), 'mt-4')}
                >
                  <Icon name="mail" className="size-4" /> Apply by Email
                </a>
              </div>
            </article>
          </div>
        </section>
      )}
    </PageShell>
  )
}
