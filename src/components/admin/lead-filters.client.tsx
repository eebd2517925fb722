'use client'

import { toast } from '@payloadcms/ui'
import { useRouter } from 'next/navigation'
import { useRef, useState } from 'react'

import { LOST_FILTER, leadsExportRequest, leadsHref } from '@/lib/lead-query'
import type { LeadFilters } from '@/lib/lead-query'
import { LEAD_STATUSES, LEAD_STATUS_LABELS } from '@/lib/lead-status'

import { jsonInit, useApi } from './admin-fetch'
import { ActionButton } from './action-button.client'

// A GET form, so filtering works before hydration.
export function LeadFiltersForm({
  filters,
  promotions,
  sources,
}: {
  filters: LeadFilters
  promotions: { id: number; label: string }[]
  sources: string[]
}) {
  const router = useRouter()
  const form = useRef<HTMLFormElement>(null)
  const { url } = useApi()
  const [exporting, setExporting] = useState(false)

  // Via a temporary link: the session cookie goes along and the file keeps the export's name.
  async function exportCsv() {
    setExporting(true)
    try {
      const response = await fetch(url('/exports/download'), {
        ...jsonInit('POST', leadsExportRequest(filters.status, filters.q, new Date(), filters)),
        credentials: 'include',
      })
      if (!response.ok) throw new Error(`export answered ${response.status}`)
      const name =
        /filename="?([^";]+)"?/.exec(response.headers.get('Content-Disposition') ?? '')?.[1] ?? 'leads.csv'
      const href = URL.createObjectURL(await response.blob())
      const link = document.createElement('a')
      link.href = href
      link.download = name
      link.click()
      setTimeout(() => URL.revokeObjectURL(href), 0)
    } catch {
      toast.error('Error', { description: 'Failed to export leads' })
    }
    setExporting(false)
  }

  return (
    <form
      ref={form}
      className="cbo-filters"
      role="search"
      method="get"
      onSubmit={(e) => {
        e.preventDefault()
        const data = new FormData(e.currentTarget)
        const field = (name: string) => String(data.get(name) ?? '')
        router.push(
          leadsHref({
            status: field('status'),
            q: field('q'),
            promotion: field('promotion'),
            source: field('source'),
            chart: field('chart'),
          }),
        )
      }}
    >
      <input type="hidden" name="tab" value="leads" />
      <label className="cbo-field">
        <span>Status</span>
        <select name="status" defaultValue={filters.status} onChange={() => form.current?.requestSubmit()}>
          <option value="">All statuses</option>
          {LEAD_STATUSES.map((s) => (
            <option key={s} value={s}>
              {LEAD_STATUS_LABELS[s]}
            </option>
          ))}
          <option value={LOST_FILTER}>Closed as lost</option>
        </select>
      </label>
      <label className="cbo-field">
        <span>Promotion</span>
        <select
          name="promotion"
          defaultValue={filters.promotion ?? ''}
          onChange={() => form.current?.requestSubmit()}
        >
          <option value="">All promotions</option>
          {promotions.map((p) => (
            <option key={p.id} value={String(p.id)}>
              {p.label}
            </option>
          ))}
        </select>
      </label>
      <label className="cbo-field">
        <span>Source</span>
        <input
          name="source"
          list="cbo-lead-sources"
          placeholder="Any source"
          defaultValue={filters.source ?? ''}
        />
        <datalist id="cbo-lead-sources">
          {sources.map((source) => (
            <option key={source} value={source} />
          ))}
        </datalist>
      </label>
      <label className="cbo-field">
        <span>Chart</span>
        <select
          name="chart"
          defaultValue={filters.chart ?? ''}
          onChange={() => form.current?.requestSubmit()}
        >
          <option value="">All leads</option>
          <option value="source">Split by source</option>
        </select>
      </label>
      <label className="cbo-field cbo-field--grow">
        <span>Search</span>
        <input type="search" name="q" placeholder="Name, phone or e-mail" defaultValue={filters.q} />
      </label>
      {/* A GET form: searching works before the script loads, so this one is never held back. */}
      <button type="submit" className="cbo-button cbo-button--secondary">
        Search
      </button>
      <ActionButton look="secondary" disabled={exporting} onClick={exportCsv}>
        Export CSV
      </ActionButton>
    </form>
  )
}
