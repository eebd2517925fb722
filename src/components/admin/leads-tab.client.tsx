'use client'

import { toast } from '@payloadcms/ui'
import { useState } from 'react'

import type { CustomerUpload, Lead } from '@/payload-types'
import { formatLeadDate } from '@/lib/admin-format'
import { serviceTitle } from '@/lib/catalog'
import { leadsExportRequest, leadsListPath } from '@/lib/lead-query'
import { LEAD_STATUSES, LEAD_STATUS_LABELS, nextLeadStatus } from '@/lib/lead-status'
import type { LeadStatus } from '@/lib/lead-status'

import { useApiPage } from './use-api-page'
import { apiFetch, jsonInit } from './admin-fetch'
import { LeadsChart } from './leads-chart.client'

function photosOf(lead: Lead): CustomerUpload[] {
  return (lead.photos ?? []).filter((p): p is CustomerUpload => typeof p === 'object' && p !== null)
}

export function LeadsTab() {
  const [page, setPage] = useState(1)
  const [status, setStatus] = useState('')
  const [search, setSearch] = useState('')
  const [query, setQuery] = useState('')
  const [busyId, setBusyId] = useState<number | null>(null)
  const [exporting, setExporting] = useState(false)

  const { data, reload: load } = useApiPage<Lead>(leadsListPath(page, status, query), 'Failed to fetch leads')

  async function advance(lead: Lead, next: LeadStatus) {
    setBusyId(lead.id)
    try {
      await apiFetch(`/api/leads/${lead.id}?depth=0`, jsonInit('PATCH', { status: next }))
      toast.success('Status Updated', { description: `Lead status changed to ${next}` })
      load()
    } catch {
      toast.error('Error', { description: 'Failed to update lead status' })
    }
    setBusyId(null)
  }

  // The plugin answers the CSV itself; it is saved through a temporary link so the
  // session cookie goes with the request and the file keeps the export's name.
  async function exportCsv() {
    setExporting(true)
    try {
      const response = await fetch('/api/exports/download', {
        ...jsonInit('POST', leadsExportRequest(status, query, new Date())),
        credentials: 'include',
      })
      if (!response.ok) throw new Error(`export answered ${response.status}`)
      const name =
        /filename="?([^";]+)"?/.exec(response.headers.get('Content-Disposition') ?? '')?.[1] ?? 'leads.csv'
      const url = URL.createObjectURL(await response.blob())
      const link = document.createElement('a')
      link.href = url
      link.download = name
      link.click()
      setTimeout(() => URL.revokeObjectURL(url), 0)
    } catch {
      toast.error('Error', { description: 'Failed to export leads' })
    }
    setExporting(false)
  }

  return (
    <div className="cbo-stack">
      <LeadsChart />
      <form
        className="cbo-filters"
        role="search"
        onSubmit={(e) => {
          e.preventDefault()
          setPage(1)
          setQuery(search)
        }}
      >
        <label className="cbo-field">
          <span>Status</span>
          <select
            value={status}
            onChange={(e) => {
              setPage(1)
              setStatus(e.target.value)
            }}
          >
            <option value="">All statuses</option>
            {LEAD_STATUSES.map((s) => (
              <option key={s} value={s}>
                {LEAD_STATUS_LABELS[s]}
              </option>
            ))}
          </select>
        </label>
        <label className="cbo-field cbo-field--grow">
          <span>Search</span>
          <input
            type="search"
            placeholder="Name, phone or e-mail"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
          />
        </label>
        <button type="submit" className="cbo-btn cbo-btn--outline">
          Search
        </button>
        <button type="button" className="cbo-btn cbo-btn--outline" disabled={exporting} onClick={exportCsv}>
          Export CSV
        </button>
      </form>

      {data && data.docs.length === 0 ? <p className="cbo-empty">No leads found.</p> : null}
      <ul className="cbo-list" aria-label="Leads">
        {data?.docs.map((lead) => {
          const next = nextLeadStatus(lead.status)
          return (
            <li key={lead.id} className="cbo-card" data-testid="lead">
              <div className="cbo-card__head">
                <h3>
                  {lead.firstName} {lead.lastName}
                </h3>
                <span className={`cbo-badge cbo-badge--${lead.status}`}>
                  {LEAD_STATUS_LABELS[lead.status]}
                </span>
              </div>
              <p className="cbo-meta">
                <a href={`tel:${lead.phone}`}>{lead.phone}</a> ·{' '}
                <a href={`mailto:${lead.email}`}>{lead.email}</a>
              </p>
              <p className="cbo-meta">
                {serviceTitle(lead.serviceType)} · {formatLeadDate(lead.createdAt)}
              </p>
              <p className="cbo-description">{lead.description}</p>
              {photosOf(lead).length ? (
                <div className="cbo-photos">
                  {photosOf(lead).map((photo) => (
                    <a key={photo.id} href={photo.url ?? '#'} target="_blank" rel="noreferrer">
                      {/* eslint-disable-next-line @next/next/no-img-element -- private, access-checked files */}
                      <img src={photo.sizes?.thumbnail?.url ?? photo.url ?? ''} alt="Customer photo" />
                    </a>
                  ))}
                </div>
              ) : null}
              {next ? (
                <button
                  type="button"
                  className="cbo-btn"
                  disabled={busyId === lead.id}
                  onClick={() => advance(lead, next)}
                >
                  Mark {LEAD_STATUS_LABELS[next]}
                </button>
              ) : null}
            </li>
          )
        })}
      </ul>
      {data && data.totalPages > 1 ? (
        <nav className="cbo-pager" aria-label="Lead pages">
          <button
            type="button"
            className="cbo-btn cbo-btn--outline"
            disabled={page <= 1}
            onClick={() => setPage(page - 1)}
          >
            Previous
          </button>
          <span>
            Page {data.page} of {data.totalPages} ({data.totalDocs} leads)
          </span>
          <button
            type="button"
            className="cbo-btn cbo-btn--outline"
            disabled={page >= data.totalPages}
            onClick={() => setPage(page + 1)}
          >
            Next
          </button>
        </nav>
      ) : null}
    </div>
  )
}
