import type { Metadata, Viewport } from 'next'
import type { ReactNode } from 'react'

import { DismissedPromosScript } from '@/components/site/dismissed-promos-script'
import { Toaster } from '@/components/ui/toaster.client'
import { siteUrl } from '@/lib/seo'

import { inter } from './fonts'
import './globals.css'

export const metadata: Metadata = {
  metadataBase: new URL(siteUrl()),
  title: { default: 'Curbside Rim Co. - Mobile Wheel & Rim Repair in Austin', template: '%s | Curbside Rim Co.' },
  description: 'Mobile curb rash, rim and wheel repair at your home or business in central Austin.',
  applicationName: 'Curbside Rim Co.',
  openGraph: {
    type: 'website',
    siteName: 'Curbside Rim Co.',
    locale: 'en_US',
  },
  twitter: { card: 'summary_large_image' },
  icons: { icon: '/logo.svg' },
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
      <body className="bg-mist font-sans text-ink antialiased">
        {children}
        <Toaster />
      </body>
    </html>
  )
}
