'use client'

import { MenuIcon } from 'lucide-react'
import dynamic from 'next/dynamic'
import { useRef, useState } from 'react'

import type { NavLink } from './nav-links'

// The dialog code (Radix) is not needed until someone opens the menu: it loads when the
// button is first pointed at, touched or focused, and the drawer opens once it is there.
const MobileDrawer = dynamic(() => import('./mobile-drawer.client').then((m) => m.MobileDrawer), {
  ssr: false,
})

// The navigation on small screens: a button that opens a side drawer.
export function MobileNav({
  links,
  phone,
  phoneHref,
  quoteHref,
}: {
  links: NavLink[]
  phone: string
  phoneHref: string
  quoteHref: string
}) {
  const [wanted, setWanted] = useState(false)
  const [open, setOpen] = useState(false)
  const trigger = useRef<HTMLButtonElement>(null)
  const load = () => setWanted(true)
  return (
    <>
      <button
        ref={trigger}
        type="button"
        className="focus-visible:ring-gold inline-flex size-11 items-center justify-center rounded-md text-white hover:bg-white/10 focus-visible:ring-2 focus-visible:outline-none md:hidden"
        aria-label="Open menu"
        aria-haspopup="dialog"
        aria-expanded={open}
        onPointerEnter={load}
        onTouchStart={load}
        onFocus={load}
        onClick={() => {
          load()
          setOpen(true)
        }}
      >
        <MenuIcon className="size-6" aria-hidden />
      </button>
      {wanted ? (
        <MobileDrawer
          links={links}
          phone={phone}
          phoneHref={phoneHref}
          quoteHref={quoteHref}
          open={open}
          onOpenChange={setOpen}
          trigger={trigger}
        />
      ) : null}
    </>
  )
}
