'use client'

import { PhoneIcon } from 'lucide-react'
import type { RefObject } from 'react'

import { buttonVariants } from '@/components/ui/button'
import { Sheet, SheetClose, SheetContent, SheetDescription, SheetTitle } from '@/components/ui/sheet'
import { cn } from '@/lib/utils'

import type { NavLink } from './nav-links'

export type MobileDrawerProps = {
  links: NavLink[]
  phone: string
  phoneHref: string
  requestHref: string
  open: boolean
  onOpenChange: (open: boolean) => void
  trigger: RefObject<HTMLButtonElement | null>
}

// Opened without a Radix trigger, so focus is handed back to the menu button by hand.
export function MobileDrawer({
  links,
  phone,
  phoneHref,
  requestHref,
  open,
  onOpenChange,
  trigger,
}: MobileDrawerProps) {
  return (
    <Sheet open={open} onOpenChange={onOpenChange}>
      <SheetContent
        side="right"
        onCloseAutoFocus={(event) => {
          event.preventDefault()
          trigger.current?.focus()
        }}
      >
        <SheetTitle className="text-gold">Menu</SheetTitle>
        <SheetDescription className="sr-only">Site navigation</SheetDescription>
        <nav aria-label="Mobile">
          <ul className="flex flex-col gap-1">
            {links.map((link) => (
              <li key={link.href}>
                <SheetClose asChild>
                  <a
                    href={link.href}
                    className="block rounded-md px-3 py-3 text-base font-medium hover:bg-white/10"
                  >
                    {link.label}
                  </a>
                </SheetClose>
              </li>
            ))}
          </ul>
        </nav>
        <div className="mt-auto flex flex-col gap-3">
          <a href={phoneHref} className={cn(buttonVariants({ variant: 'outline-premium', size: 'lg' }))}>
            <PhoneIcon aria-hidden /> {phone}
          </a>
          <SheetClose asChild>
            <a href={requestHref} className={cn(buttonVariants({ variant: 'premium', size: 'lg' }))}>
              Get Quote
            </a>
          </SheetClose>
        </div>
      </SheetContent>
    </Sheet>
  )
}
