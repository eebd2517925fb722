import { useSyncExternalStore } from 'react'

const subscribe = () => () => {}

// False in the server's HTML and during hydration, true once React handles events: a
// button that only works through its handler stays disabled until a click on it works.
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  )
}
