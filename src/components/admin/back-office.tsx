import type { AdminViewServerProps } from 'payload'
import Link from 'next/link'

import { BACK_OFFICE_TABS, backOfficeTab } from '@/lib/admin-format'

import { GalleryTab } from './gallery-tab.client'
import { LeadsTab } from './leads-tab.client'
import { LogoutButton } from './logout-button.client'
import { PromotionsTab } from './promotions-tab.client'

import './back-office.css'

// Replaces Payload's dashboard (DESIGN section 6): the owner's three everyday tasks,
// with the selected tab in the URL so a reload or a shared link opens the same tab.
// Payload's generated collection views stay in the side navigation.
export function BackOffice({ initPageResult, searchParams }: AdminViewServerProps) {
  const user = initPageResult.req.user
  const tab = backOfficeTab(searchParams?.tab)
  return (
    <div className="cbo">
      <header className="cbo-header">
        <div>
          <h1 className="cbo-title">Back office</h1>
          <p className="cbo-welcome">Welcome, {user?.email}</p>
        </div>
        <LogoutButton />
      </header>
      <nav className="cbo-tabs" aria-label="Back office sections">
        {BACK_OFFICE_TABS.map((t) => (
          <Link
            key={t.key}
            href={`/admin?tab=${t.key}`}
            className="cbo-tab"
            aria-current={t.key === tab ? 'page' : undefined}
          >
            {t.label}
          </Link>
        ))}
      </nav>
      <section className="cbo-panel">
        {tab === 'gallery' ? <GalleryTab /> : null}
        {tab === 'promotions' ? <PromotionsTab /> : null}
        {tab === 'leads' ? <LeadsTab /> : null}
      </section>
    </div>
  )
}
