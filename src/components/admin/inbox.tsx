import type { Conversation } from '@/data/inbox'
import { formatBusinessDate } from '@/lib/business-time'
import { openConversationPath } from '@/lib/inbox'

import { LoadFailed } from './load-failed'

export const INBOX_HREF = '?tab=leads&view=inbox'

// The way to the inbox from the Lead Management tab, with how many conversations wait.
export function InboxLink({ unread }: { unread: number | null }) {
  return (
    <p className="cbo-inbox-link">
      <a href={INBOX_HREF} data-testid="inbox-link">
        Inbox
        {unread ? (
          <span className="cbo-tab__count" data-testid="inbox-unread" aria-label={`${unread} unread`}>
            {unread}
          </span>
        ) : null}
      </a>
    </p>
  )
}

// Every conversation with a customer, newest first. Each row is a plain form: a tap, before
// any script too, marks it read for this account and opens its job's page.
export function Inbox({
  conversations,
  page,
  older,
  timeZone,
}: {
  conversations: Conversation[] | null
  page: number
  older: boolean
  timeZone: string
}) {
  return (
    <section className="cbo-stack" aria-labelledby="cbo-inbox-title">
      <p className="cbo-meta">
        <a href="?tab=leads">← Leads</a>
      </p>
      <h2 id="cbo-inbox-title">Inbox</h2>
      {conversations ? null : <LoadFailed message="Failed to fetch the conversations" />}
      {conversations?.length === 0 && page === 1 ? <p className="cbo-meta">No texts yet.</p> : null}
      <ul className="cbo-inbox" aria-label="Conversations">
        {conversations?.map((c) => (
          <li key={c.phone} data-testid="conversation" data-unread={c.unread || undefined}>
            <form method="post" action={openConversationPath(c.lead)}>
              <button type="submit" className="cbo-inbox__row">
                <span className="cbo-inbox__head">
                  <strong>{c.name}</strong>
                  {c.unread ? <span className="cbo-inbox__unread">Unread</span> : null}
                  <time dateTime={c.at} className="cbo-meta">
                    {formatBusinessDate(c.at, timeZone)}
                  </time>
                </span>
                <span className="cbo-meta cbo-inbox__words">
                  {c.fromCustomer ? null : 'You: '}
                  {c.lastWords}
                </span>
                {c.otherJobs ? (
                  <span className="cbo-meta" data-testid="conversation-other-jobs">
                    {c.otherJobs === 1 ? '1 other job' : `${c.otherJobs} other jobs`} for this number
                  </span>
                ) : null}
              </button>
            </form>
          </li>
        ))}
      </ul>
      {page > 1 || older ? (
        <nav className="cbo-inbox__pages" aria-label="Inbox pages">
          {page > 1 ? (
            <a href={`${INBOX_HREF}${page > 2 ? `&page=${page - 1}` : ''}`}>Newer conversations</a>
          ) : null}
          {older ? <a href={`${INBOX_HREF}&page=${page + 1}`}>Older conversations</a> : null}
        </nav>
      ) : null}
    </section>
  )
}
