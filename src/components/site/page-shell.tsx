import type { ReactNode } from 'react'

import { type PublicSiteSettings } from '@/lib/site-settings'
import { getHomeContent } from '@/data/home-content'
import { getSiteSettings } from '@/data/site-settings'

import type { NavVariant } from './nav-links'
import { SiteFooter } from './site-footer'
import { SiteHeader } from './site-header'

export async function PageShell({
  variant = 'page',
  children,
}: {
  variant?: NavVariant
  children: (settings: PublicSiteSettings) => ReactNode
}) {
  const [settings, content] = await Promise.all([getSiteSettings(), getHomeContent()])
  return (
    <>
      <SiteHeader settings={settings} variant={variant} />
      <main id="main">{children(settings)}</main>
      <SiteFooter settings={settings} offers={content.pricing.offers} />
    </>
  )
}
