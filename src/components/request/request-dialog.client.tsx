'use client'

import { useState } from 'react'
import type { ReactNode } from 'react'

import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog'

import { RequestForm } from './request-form.client'

// On a failure the dialog stays open with everything the visitor typed.
export type RequestDialogProps = {
  serviceType: string
  serviceTitle: string
  children: ReactNode
  /** Open on mount (the dialog's code was loaded by a click on its button). */
  defaultOpen?: boolean
}

export function RequestDialog({
  serviceType,
  serviceTitle,
  children,
  defaultOpen = false,
}: RequestDialogProps) {
  const [open, setOpen] = useState(defaultOpen)
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>{children}</DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{serviceTitle}</DialogTitle>
          <DialogDescription>
            Tell us about your vehicle and we&apos;ll contact you within 24 hours.
          </DialogDescription>
        </DialogHeader>
        <RequestForm
          serviceType={serviceType}
          serviceTitle={serviceTitle}
          onSubmitted={() => setOpen(false)}
        />
      </DialogContent>
    </Dialog>
  )
}
