'use client'

import { RefreshRouteOnSave } from '@payloadcms/live-preview-react'
import { useRouter } from 'next/navigation'

// Re-renders the preview on the server each time the editor autosaves; only /preview loads it.
// The editor frames it from the same origin, whose messages are the only ones listened to.
export function RefreshOnSave() {
  const router = useRouter()
  const origin = typeof window === 'undefined' ? '' : window.location.origin
  return <RefreshRouteOnSave refresh={() => router.refresh()} serverURL={origin} />
}
