'use client'

import { useEffect, useState, useSyncExternalStore } from 'react'
import type { ComponentType } from 'react'

// The notices of the quote forms (sonner) on pages whose forms load on demand: nothing is
// loaded until a form starts loading (requestToaster), so a visitor who never comes near a
// form never downloads the toaster. A notice raised before it has mounted still shows:
// sonner replays the active toasts to a toaster that subscribes late.
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
