'use client'

import { useEffect } from 'react'

import { captureVisit } from '@/components/request/visit-state'

export function VisitCapture() {
  useEffect(() => captureVisit(), [])
  return null
}
