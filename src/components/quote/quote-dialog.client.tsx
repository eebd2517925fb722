'use client'

import type { ReactNode } from 'react'

// Placeholder with the final API: `children` is the trigger (the card's 'Get Started'
// button); the dialog holds a QuoteForm for that offer.
export type QuoteDialogProps = {
  serviceType: string
  serviceTitle: string
  children: ReactNode
}

export function QuoteDialog({ children }: QuoteDialogProps) {
  return <>{children}</>
}
