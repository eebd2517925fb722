'use client'

import { Button, toast, useAuth } from '@payloadcms/ui'
import { useRouter } from 'next/navigation'
import { useState } from 'react'

import { jsonInit, useApi } from './admin-fetch'

// Above the statements list, for admins: issue a month's statements now (POST
// /api/statements/issue), as the monthly job does on the 1st. Issues nothing twice.
export function IssueStatements() {
  const { user } = useAuth()
  const { api } = useApi()
  const router = useRouter()
  const [month, setMonth] = useState(lastMonth)
  const [busy, setBusy] = useState(false)
  if ((user as { role?: string } | null)?.role !== 'admin') return null

  async function issue() {
    setBusy(true)
    try {
      const { message } = await api<{ message: string }>('/statements/issue', jsonInit('POST', { month }))
      toast.success(message)
      router.refresh()
    } catch (error) {
      toast.error('Error', { description: error instanceof Error ? error.message : 'Nothing was issued' })
    } finally {
      setBusy(false)
    }
  }

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
