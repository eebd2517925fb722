import type { ReactNode } from 'react'

// A form page's message when the server sent the form back or refused it (the spec's 'Error').
export function FormError({ message, children }: { message: string; children?: ReactNode }) {
  return (
    <div role="alert" className="mb-6 rounded-lg border border-red-700/30 bg-red-50 p-4 text-red-800">
      <p className="font-semibold">Error</p>
      <p>{message}</p>
      {children}
    </div>
  )
}
