'use client'

import { useDocumentInfo } from '@payloadcms/ui'

import { useApi } from './admin-fetch'

// On an issued statement: its PDF and CSV, made by the access-checked API routes.
export function StatementFiles() {
  const { id } = useDocumentInfo()
  const { url } = useApi()
  if (!id) return null
  return (
    <div className="field-type" style={{ marginBottom: 'var(--base)' }}>
      <span className="field-label">Files</span>
      <p style={{ display: 'flex', gap: 'calc(var(--base) / 2)' }}>
        <a href={url(`/statements/${id}/pdf`)} download>
          Download PDF
        </a>
        <a href={url(`/statements/${id}/csv`)} download>
          Download CSV
        </a>
      </p>
    </div>
  )
}
