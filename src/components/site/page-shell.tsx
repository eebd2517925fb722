import type { ReactNode } from 'react'

import { type PublicSiteSettings } from '@/lib/site-settings'
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
  const settings = await getSiteSettings()
  return (
    <>
      <SiteHeader settings={settings} variant={variant} />
      <main id="main">{children(settings)}</main>
      <SiteFooter settings={settings} />
    </>
  )
}
