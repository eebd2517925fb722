'use client'

import { useState } from 'react'
import type { ComponentType, ReactNode } from 'react'

import { requestToaster } from '@/components/ui/lazy-toaster.client'
import { REQUEST_PAGE, SERVICE_PARAM } from '@/lib/request-constants'

import type { RequestDialogProps } from './request-dialog.client'

const loadDialog = () => import('./request-dialog.client')

// The dialog's code loads on hover, touch or focus, and the click opens it once it is there.
// The button stays the same element until then, so focus and layout never jump. Before the
// page's script has loaded, the button submits its little form: the request page, this
// offer chosen.
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

  return (
    <form method="get" action={`${REQUEST_PAGE}#quote`} className="contents">
      <input type="hidden" name={SERVICE_PARAM} value={serviceType} />
      {Dialog ? (
        <Dialog serviceType={serviceType} serviceTitle={serviceTitle} defaultOpen>
          <button type="button" className={className}>
            {children}
          </button>
        </Dialog>
      ) : (
        <LoadingButton className={className} load={(Loaded) => setDialog(() => Loaded)}>
          {children}
        </LoadingButton>
      )}
    </form>
  )
}

function LoadingButton({
  className,
  children,
  load,
}: {
  className: string
  children: ReactNode
  load: (dialog: ComponentType<RequestDialogProps>) => void
}) {
  const preload = () => {
    requestToaster()
    loadDialog().catch(() => undefined)
  }
  return (
    <button
      type="submit"
      className={className}
      aria-haspopup="dialog"
      aria-expanded={false}
      onPointerEnter={preload}
      onTouchStart={preload}
      onFocus={preload}
      onClick={(event) => {
        event.preventDefault()
        requestToaster()
        // A dropped connection leaves the button as it was; the next click tries again.
        loadDialog().then(
          (m) => load(m.RequestDialog),
          () => undefined,
        )
      }}
    >
      {children}
    </button>
  )
}
