'use client'

import { Toaster as Sonner } from 'sonner'

// Notices ('Request Submitted!', 'Error', ...) for the public pages and /login.
export function Toaster() {
  return <Sonner position="top-center" richColors closeButton toastOptions={{ duration: 6000 }} />
}
