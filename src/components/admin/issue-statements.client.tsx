'use client'

import { Button, useAuth } from '@payloadcms/ui'
import { useState } from 'react'

import { jsonInit, useAction } from './admin-fetch'

// Above the statements list, for admins: issue a month's statements now (POST
// /api/statements/issue), as the monthly job does on the 1st. Issues nothing twice.
export function IssueStatements() {
  const { user } = useAuth()
  const { busy, run } = useAction()
  const [month, setMonth] = useState(lastMonth)
  if ((user as { role?: string } | null)?.role !== 'admin') return null

  const issue = () =>
    run<{ message: string }>(
      '/statements/issue',
      jsonInit('POST', { month }),
      ({ message }) => message,
      'Nothing was issued',
    )

  return (
    <div style={{ display: 'flex', gap: '0.5rem', alignItems: 'center', marginBottom: 'var(--base)' }}>
      <label htmlFor="issue-statements-month">Issue statements for</label>
      <input
        id="issue-statements-month"
        type="month"
        value={month}
        onChange={(e) => setMonth(e.currentTarget.value)}
      />
      <Button type="button" buttonStyle="secondary" margin={false} disabled={busy || !month} onClick={issue}>
        Issue statements
      </Button>
    </div>
  )
}

// The browser's last month: only a starting value, the server decides in the business's zone.
function lastMonth(): string {
  const d = new Date()
  d.setDate(0)
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}`
}
