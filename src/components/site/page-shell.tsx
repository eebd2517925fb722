import type { ReactNode } from 'react'

import { type PublicSiteSettings } from '@/lib/site-settings'
import { getHomeContent } from '@/data/home-content'
import { getSiteSettings } from '@/data/site-settings'

import type { NavVariant } from './nav-links'
import { SiteFooter } from './site-footer'
import { SiteHeader } from './site-header'

export async function PageShell({
  variant = 'page',
  promotion = true,
  children,
}: {
  variant?: NavVariant
  // A bill (a quote or an invoice) shows no promotion: its code would read as a discount on it.
  promotion?: boolean
  children: (settings: PublicSiteSettings) => ReactNode
}) {
  const [settings, content] = await Promise.all([getSiteSettings(), getHomeContent()])
  return (
    <>
      <SiteHeader settings={settings} variant={variant} promotion={promotion} />
      <main id="main">{children(settings)}</main>
      <SiteFooter settings={settings} offers={content.pricing.offers} />
    </>
  )
}
