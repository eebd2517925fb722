import { telHref } from '@/lib/contact'
import type { PublicSiteSettings } from '@/lib/site-settings'

// What a customer's link says when it cannot show what it links to.
export function Notice({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <div className="mx-auto max-w-2xl">
      <h1 className="text-3xl font-bold">{title}</h1>
      <div className="text-ink/80 mt-4 text-lg">{children}</div>
    </div>
  )
}

export function Call({ settings }: { settings: PublicSiteSettings }) {
  return (
    <a href={telHref(settings.phone)} className="text-gold-dark font-semibold underline underline-offset-2">
      {settings.phone}
    </a>
  )
}

export function QuoteLinkNotFound({ settings }: { settings: PublicSiteSettings }) {
  return (
    <Notice title="This link does not open a quote">
      It may be incomplete, or the quote was revised and sent again in a newer e-mail. Call us at{' '}
      <Call settings={settings} /> and we will send it again.
    </Notice>
  )
}

export function VisitLinkNotFound({ settings }: { settings: PublicSiteSettings }) {
  return (
    <Notice title="This link does not open a visit">
      It may be incomplete, or the visit can no longer be changed online. Call us at{' '}
      <Call settings={settings} /> and we will help.
    </Notice>
  )
}

export function PayLinkNotFound({ settings }: { settings: PublicSiteSettings }) {
  return (
    <Notice title="This link does not open an invoice">
      It may be incomplete. Call us at <Call settings={settings} /> and we will send it again.
    </Notice>
  )
}
