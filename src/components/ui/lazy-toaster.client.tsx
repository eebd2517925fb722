'use client'

import { useEffect, useState, useSyncExternalStore } from 'react'
import type { ComponentType } from 'react'

// Loaded only once a form starts loading (requestToaster). A notice raised before it mounts
// still shows: sonner replays active toasts to a late subscriber.
let wanted = false
const listeners = new Set<() => void>()

export function requestToaster() {
  if (wanted) return
  wanted = true
  listeners.forEach((listener) => listener())
}

function subscribe(listener: () => void) {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

export function LazyToaster() {
  const want = useSyncExternalStore(
    subscribe,
    () => wanted,
    () => false,
  )
  const [Toaster, setToaster] = useState<ComponentType | null>(null)
  useEffect(() => {
    if (!want || Toaster) return
    let live = true
    import('./toaster.client').then(
      (m) => live && setToaster(() => m.Toaster),
      () => {
        // A dropped connection: the next form that loads asks again.
        wanted = false
      },
    )
    return () => {
      live = false
    }
  }, [want, Toaster])
  return Toaster ? <Toaster /> : null
}
