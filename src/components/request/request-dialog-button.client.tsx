'use client'

import { useState } from 'react'
import type { ComponentType, ReactNode } from 'react'

import { requestToaster } from '@/components/ui/lazy-toaster.client'

import type { RequestDialogProps } from './request-dialog.client'

const loadDialog = () => import('./request-dialog.client')

// The dialog's code loads on hover, touch or focus, and the click opens it once it is there.
// The button stays the same element until then, so focus and layout never jump.
export function RequestDialogButton({
  serviceType,
  serviceTitle,
  className,
  children,
}: {
  serviceType: string
  serviceTitle: string
  className: string
  children: ReactNode
}) {
  const [Dialog, setDialog] = useState<ComponentType<RequestDialogProps> | null>(null)

  if (Dialog) {
    return (
      <Dialog serviceType={serviceType} serviceTitle={serviceTitle} defaultOpen>
        <button type="button" className={className}>
          {children}
        </button>
      </Dialog>
    )
  }

  const preload = () => {
    requestToaster()
    loadDialog().catch(() => undefined)
  }
  return (
    <button
      type="button"
      className={className}
      aria-haspopup="dialog"
      aria-expanded={false}
      onPointerEnter={preload}
      onTouchStart={preload}
      onFocus={preload}
      onClick={() => {
        requestToaster()
        // A dropped connection leaves the button as it was; the next click tries again.
        loadDialog().then(
          (m) => setDialog(() => m.RequestDialog),
          () => undefined,
        )
      }}
    >
      {children}
    </button>
  )
}
