import type { Metadata, Viewport } from 'next'
import type { ReactNode } from 'react'

import { DismissedPromosScript } from '@/components/site/dismissed-promos-script'
import { VisitCapture } from '@/components/site/visit-capture.client'
import { siteMetadata } from '@/lib/seo'
import { getSiteSettings } from '@/data/site-settings'

import { inter } from './fonts'
import './globals.css'

export async function generateMetadata(): Promise<Metadata> {
  const { businessName } = await getSiteSettings()
  return siteMetadata({
    businessName,
    description: 'Mobile curb rash, rim and wheel repair at your home or business in central Austin.',
  })
}

export const viewport: Viewport = {
  themeColor: '#0f0f10',
  width: 'device-width',
  initialScale: 1,
}

export default function FrontendLayout({ children }: { children: ReactNode }) {
  return (
    // The attribute the head script sets before hydration is expected to differ.
    <html lang="en" className={inter.variable} suppressHydrationWarning>
      <head>
        <DismissedPromosScript />
      </head>
      <body className="bg-mist text-ink font-sans antialiased">
        <VisitCapture />
        {children}
      </body>
    </html>
  )
}
