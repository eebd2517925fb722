import { useSyncExternalStore } from 'react'

const subscribe = () => () => {}

// False until React handles events, so a handler-only button stays disabled until a click works.
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  )
}
