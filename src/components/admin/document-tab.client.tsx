'use client'

import { Button, useConfig } from '@payloadcms/ui'
import { useParams, usePathname } from 'next/navigation'

type Props = { label: string; href: string }

// One tab of a record's detail page (admin-config.ts). Payload draws its own tabs as links
// straight inside the tabs' list, which axe's `list` rule fails (a list holds only items);
// this one is an item of that list, drawn as Payload's own tab button.
export function DocumentTab({ label, href }: Props) {
  const pathname = usePathname()
  const {
    config: {
      routes: { admin },
    },
  } = useConfig()
  const { segments = [] } = useParams<{ segments?: string[] }>()
  const [, slug, id] = segments
  const doc = `${admin}/collections/${slug}/${id}`
  const to = `${doc}${href}`
  const active = href ? pathname.startsWith(to) : pathname === doc
  return (
    <li>
      <Button
        buttonStyle="tab"
        className={active ? 'doc-tab doc-tab--active' : 'doc-tab'}
        el={active ? 'div' : 'link'}
        to={active ? undefined : to}
        disabled={active}
        margin={false}
        size="medium"
      >
        <span className="doc-tab__label">{label}</span>
      </Button>
    </li>
  )
}
