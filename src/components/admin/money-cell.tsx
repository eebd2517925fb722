import type { DefaultServerCellComponentProps } from 'payload'

import { formatCents } from '@/lib/invoices'

import { ListCellLink } from './list-cell-link'

// A list's money column in dollars ("$1,234.50").
export function MoneyCell(props: DefaultServerCellComponentProps) {
  const { cellData } = props
  return <ListCellLink {...props}>{typeof cellData === 'number' ? formatCents(cellData) : ''}</ListCellLink>
}
