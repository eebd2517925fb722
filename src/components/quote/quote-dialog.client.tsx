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

import { QuoteForm } from './quote-form.client'

// A pricing card's request dialog: `children` is the trigger (the card's 'Get Started'
// button); the dialog holds a QuoteForm for that offer and closes once it is sent. On a
// failure it stays open with everything the visitor typed.
export type QuoteDialogProps = {
  serviceType: string
  serviceTitle: string
  children: ReactNode
  /** Open as soon as it mounts (the dialog's code was loaded by a click on its button). */
  defaultOpen?: boolean
}

export function QuoteDialog({ serviceType, serviceTitle, children, defaultOpen = false }: QuoteDialogProps) {
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
        <QuoteForm serviceType={serviceType} serviceTitle={serviceTitle} onSubmitted={() => setOpen(false)} />
      </DialogContent>
    </Dialog>
  )
}
