import { redirect } from 'next/navigation'
import type { AdminViewServerProps } from 'payload'

import { BACK_OFFICE_TABS, backOfficeTab } from '@/lib/back-office-tabs'

import { leadAdminPath } from '@/lib/server-url'
import { workOrderAdminPath } from '@/lib/work-order-forms'
import { type Reader, readTimeZone } from '@/data/back-office'
import { readInboxPage } from '@/data/inbox'
import { GalleryTab } from './gallery-tab'
import { Inbox } from './inbox'
import { LeadsTab } from './leads-tab'
import { LogoutButton } from './logout-button.client'
import { PromotionsTab } from './promotions-tab'
import { RememberTab } from './remember-tab.client'

import './back-office.css'

// Replaces Payload's dashboard. Tab, filters and page live in the URL, so every link works
// before hydration and a reload or a shared link shows the same view.
export async function BackOffice({ initPageResult, searchParams }: AdminViewServerProps) {
  const moved = movedRecordPath(searchParams)
  if (moved) redirect(moved)
  const { payload, user } = initPageResult.req
  const tab = backOfficeTab(searchParams?.tab, initPageResult.req.headers.get('cookie'))
  const [timeZone, newLeads] = await Promise.all([
    readTimeZone(payload),
    // What waits for the owner, on the tab itself; counted with the viewer's own access.
    payload
      .count({ collection: 'leads', where: { status: { equals: 'new' } }, user, overrideAccess: false })
      .then((r) => r.totalDocs)
      .catch(() => 0),
  ])
  const reader = { payload, user }
  return (
    <div className="cbo">
      <header className="cbo-header">
        <div>
          <h1 className="cbo-title">Back office</h1>
          <p className="cbo-welcome">Welcome, {user?.email}</p>
        </div>
        <LogoutButton />
      </header>
      <RememberTab tab={tab} />
      <nav className="cbo-tabs" aria-label="Back office sections">
        {BACK_OFFICE_TABS.map((t) => (
          <a
            key={t.key}
            href={`?tab=${t.key}`}
            className="cbo-tab"
            aria-current={t.key === tab ? 'page' : undefined}
          >
            {t.label}
            {t.key === 'leads' && newLeads > 0 ? (
              <span className="cbo-tab__count" aria-label={`${newLeads} new`}>
                {newLeads}
              </span>
            ) : null}
          </a>
        ))}
      </nav>
      <section className="cbo-panel">
        {tab === 'gallery' ? <GalleryTab reader={reader} /> : null}
        {tab === 'promotions' ? <PromotionsTab reader={reader} timeZone={timeZone} /> : null}
        {tab === 'leads' && searchParams?.view === 'inbox' ? (
          <InboxView reader={reader} timeZone={timeZone} page={inboxPage(searchParams?.page)} />
        ) : tab === 'leads' ? (
          <LeadsTab reader={reader} timeZone={timeZone} searchParams={searchParams} />
        ) : null}
      </section>
    </div>
  )
}

// The inbox is a view of the Lead Management tab: on a phone, a page of its own reads best.
async function InboxView({ reader, timeZone, page }: { reader: Reader; timeZone: string; page: number }) {
  const found = await readInboxPage(reader, page).catch((error: unknown) => {
    reader.payload.logger.error({ err: error, msg: 'back office: the inbox could not be read' })
    return null
  })
  return (
    <Inbox
      conversations={found?.conversations ?? null}
      page={page}
      older={found?.older ?? false}
      timeZone={timeZone}
    />
  )
}

// `&page=2` and on: older conversations; anything else is the first page.
function inboxPage(value: string | string[] | undefined): number {
  const one = Array.isArray(value) ? value[0] : value
  return one && /^[1-9]\d{0,3}$/.test(one) ? Number(one) : 1
}

// A job's or a work order's page was once drawn by the leads tab (`?tab=leads&lead=7`); links in
// e-mails and texts already sent still say so. They open the record's own page, with any outcome.
function movedRecordPath(params: AdminViewServerProps['searchParams']): string | null {
  const one = (key: string) => {
    const value = params?.[key]
    return (Array.isArray(value) ? value[0] : value) ?? ''
  }
  const lead = one('lead')
  const order = one('workOrder')
  const path = /^\d{1,15}$/.test(lead)
    ? leadAdminPath(lead)
    : /^\d{1,15}$/.test(order)
      ? workOrderAdminPath(order)
      : null
  if (!path) return null
  const kept = new URLSearchParams()
  for (const key of ['done', 'error', 'confirm']) if (one(key)) kept.set(key, one(key))
  return kept.size ? `${path}?${kept}` : path
}
