'use client'

import { useRowLabel } from '@payloadcms/ui'

// An array row named by what it holds, so a folded list of offers or reviews reads at a glance.
function RowLabelOf({ field, fallback }: { field: 'title' | 'name'; fallback: string }) {
  const { data, rowNumber } = useRowLabel<Record<string, unknown>>()
  const value = data?.[field]
  return <span>{typeof value === 'string' && value ? value : `${fallback} ${(rowNumber ?? 0) + 1}`}</span>
}

export const TitleRowLabel = () => <RowLabelOf field="title" fallback="Item" />
export const NameRowLabel = () => <RowLabelOf field="name" fallback="Review" />
