import type { Metadata } from 'next'

import { PageShell } from '@/components/site/page-shell'
import { RichText } from '@/components/site/rich-text'
import { buttonVariants } from '@/components/ui/button'
import { Icon } from '@/components/ui/icon'
import { getOpenPostings, type OpenPosting } from '@/data/job-postings'
import { ownerPageMetadata } from '@/data/page-seo'
import { getSiteSettings } from '@/data/site-settings'
import { mailtoHref } from '@/lib/contact'
import { NO_OPENINGS, employmentTypeLabel } from '@/lib/job-postings'
import { jobPostingJsonLd, jsonLdScript } from '@/lib/json-ld'
import { serverUrl } from '@/lib/server-url'
import { cn } from '@/lib/utils'

// Cached; at most 30 s old so an ended promotion leaves in time (src/data/banner.ts).
export const revalidate = 30

export async function generateMetadata(): Promise<Metadata> {
  const [{ businessName }, postings] = await Promise.all([getSiteSettings(), getOpenPostings()])
  const titles = postings.map((p) => p.title).join(', ')
  return ownerPageMetadata({
    businessName,
    title: titles ? `Careers - ${titles}` : 'Careers',
    description: postings.length
      ? `Join ${businessName} in central Austin: ${titles}. Competitive pay, training and a company van.`
      : `Careers at ${businessName}, mobile wheel and rim repair in central Austin.`,
    path: '/join-team',
  })
}

export default async function JoinTeamPage() {
  const postings = await getOpenPostings()
  return (
    <PageShell>
      {(settings) => (
        <section aria-labelledby="careers-title" className="px-4 py-12 sm:py-16">
          <div className="mx-auto max-w-3xl">
            <p className="text-gold-dark text-sm font-semibold tracking-widest uppercase">Careers</p>
            <h1 id="careers-title" className="mt-2 text-4xl font-bold tracking-tight">
              Join Our Team
            </h1>
            {postings.length === 0 && <p className="text-ink/80 mt-8 text-lg">{NO_OPENINGS}</p>}
            {postings.map((posting) => (
              <Posting key={posting.id} posting={posting} email={posting.applyEmail ?? settings.email}>
                <script
                  type="application/ld+json"
                  dangerouslySetInnerHTML={{
                    __html: jsonLdScript(jobPostingJsonLd(posting, settings, serverUrl())),
                  }}
                />
              </Posting>
            ))}
          </div>
        </section>
      )}
    </PageShell>
  )
}

function Posting({
  posting,
  email,
  children,
}: {
  posting: OpenPosting
  email: string
  children: React.ReactNode
}) {
  const titleId = `job-title-${posting.id}`
  return (
    <article
      aria-labelledby={titleId}
      className="border-ink/10 mt-8 rounded-2xl border bg-white p-6 shadow-sm sm:p-8"
    >
      {children}
      <h2 id={titleId} className="text-2xl font-bold">
        {posting.title}
      </h2>
      <ul className="mt-4 flex flex-wrap gap-2 text-sm font-medium" aria-label="Position details">
        <li className="bg-mist flex items-center gap-1.5 rounded-full px-3 py-1">
          <Icon name="briefcase" className="size-4" /> {employmentTypeLabel(posting.employmentType)}
        </li>
        <li className="bg-mist flex items-center gap-1.5 rounded-full px-3 py-1">
          <Icon name="map-pin" className="size-4" /> {posting.location}
        </li>
        {posting.payText && (
          <li className="bg-mist flex items-center gap-1.5 rounded-full px-3 py-1">
            <Icon name="dollar-sign" className="size-4" /> {posting.payText}
          </li>
        )}
      </ul>
      <RichText data={posting.description} className="mt-6" />
      <div className="bg-ink mt-8 rounded-xl p-6 text-white">
        <h3 className="text-xl font-bold">How to Apply</h3>
        <p className="mt-2 text-white/85">
          E-mail your résumé and a few lines about your experience to {email}.
        </p>
        <a
          href={mailtoHref(email, `Application: ${posting.title}`)}
          className={cn(buttonVariants({ variant: 'premium', size: 'lg' }), 'mt-4')}
        >
          <Icon name="mail" className="size-4" /> Apply by Email
        </a>
      </div>
    </article>
  )
}
