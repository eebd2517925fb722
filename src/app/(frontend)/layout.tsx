import type { Metadata } from 'next'
import type { ReactNode } from 'react'

import { Toaster } from '@/components/ui/toaster.client'

import './globals.css'

export const metadata: Metadata = {
  title: { default: 'Curbside Rim Co. - Mobile Wheel & Rim Repair in Austin', template: '%s | Curbside Rim Co.' },
  description: 'Mobile curb rash, rim and wheel repair at your home or business in central Austin.',
}

export default function FrontendLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body className="bg-mist text-ink antialiased">
        {children}
        <Toaster />
      </body>
    </html>
  )
}
