import type { DefaultServerCellComponentProps } from 'payload'

import { ListCellLink } from './list-cell-link'
import { formatMoney } from '@/lib/money'

// A list's money column in dollars ("$1,234.50").
export function MoneyCell(props: DefaultServerCellComponentProps) {
  const { cellData } = props
  return <ListCellLink {...props}>{typeof cellData === 'number' ? formatMoney(cellData) : ''}</ListCellLink>
}
