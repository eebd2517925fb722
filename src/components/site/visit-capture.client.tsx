'use client'

import { useEffect } from 'react'

import { captureVisit } from '@/components/quote/visit-state'

// Records the visit's `?promo=` code and source for the quote forms (session storage,
// see visit-state.ts); renders nothing.
export function VisitCapture() {
  useEffect(() => captureVisit(), [])
  return null
}
