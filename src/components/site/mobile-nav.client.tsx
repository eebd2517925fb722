'use client'

import { useRef, useState } from 'react'
import type { ComponentType } from 'react'

import { Icon } from '@/components/ui/icon'

import type { MobileDrawerProps } from './mobile-drawer.client'
import type { NavLink } from './nav-links'

// Radix loads on first hover, touch or focus of the button. A plain import() rather than
// next/dynamic, whose loader code would ship with every page.
const loadDrawer = () => import('./mobile-drawer.client')

export function MobileNav({
  links,
  phone,
  phoneHref,
  requestHref,
}: {
  links: NavLink[]
  phone: string
  phoneHref: string
  requestHref: string
}) {
  const [Drawer, setDrawer] = useState<ComponentType<MobileDrawerProps> | null>(null)
  const [open, setOpen] = useState(false)
  const trigger = useRef<HTMLButtonElement>(null)
  // A dropped connection leaves the menu closed; the next attempt loads it again.
  const load = () =>
    loadDrawer().then(
      (m) => setDrawer(() => m.MobileDrawer),
      () => undefined,
    )
  return (
    <>
      <button
        ref={trigger}
        type="button"
        className="menu-button"
        aria-label="Open menu"
        aria-haspopup="dialog"
        aria-expanded={open}
        onPointerEnter={load}
        onTouchStart={load}
        onFocus={load}
        onClick={() => {
          void load()
          setOpen(true)
        }}
      >
        <Icon name="menu" className="size-6" />
      </button>
      {Drawer ? (
        <Drawer
          links={links}
          phone={phone}
          phoneHref={phoneHref}
          requestHref={requestHref}
          open={open}
          onOpenChange={setOpen}
          trigger={trigger}
        />
      ) : null}
    </>
  )
}
