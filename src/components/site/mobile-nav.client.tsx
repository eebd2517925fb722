'use client'

import { MenuIcon, PhoneIcon } from 'lucide-react'

import { buttonVariants } from '@/components/ui/button'
import { Sheet, SheetClose, SheetContent, SheetDescription, SheetTitle, SheetTrigger } from '@/components/ui/sheet'
import { cn } from '@/lib/utils'

import type { NavLink } from './nav-links'

// The navigation on small screens: a side drawer (modal dialog: focus trapped, Esc closes).
export function MobileNav({ links, phone, phoneHref, quoteHref }: { links: NavLink[]; phone: string; phoneHref: string; quoteHref: string }) {
  return (
    <Sheet>
      <SheetTrigger
        className="inline-flex size-11 items-center justify-center rounded-md text-white hover:bg-white/10 focus-visible:ring-2 focus-visible:ring-gold focus-visible:outline-none md:hidden"
        aria-label="Open menu"
      >
        <MenuIcon className="size-6" aria-hidden />
      </SheetTrigger>
      <SheetContent side="right">
        <SheetTitle className="text-gold">Menu</SheetTitle>
        <SheetDescription className="sr-only">Site navigation</SheetDescription>
        <nav aria-label="Mobile">
          <ul className="flex flex-col gap-1">
            {links.map((link) => (
              <li key={link.href}>
                <SheetClose asChild>
                  <a href={link.href} className="block rounded-md px-3 py-3 text-base font-medium hover:bg-white/10">
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
            <a href={quoteHref} className={cn(buttonVariants({ variant: 'premium', size: 'lg' }))}>
              Get Quote
            </a>
          </SheetClose>
        </div>
      </SheetContent>
    </Sheet>
  )
}
