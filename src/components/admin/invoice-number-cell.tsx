import type { DefaultServerCellComponentProps } from 'payload'

import { ListCellLink } from './list-cell-link'

// An invoice gets its number when it is sent: until then the list says what it is.
export function InvoiceNumberCell(props: DefaultServerCellComponentProps) {
  const { cellData } = props
  return (
    <ListCellLink {...props}>{typeof cellData === 'string' && cellData ? cellData : 'Draft'}</ListCellLink>
  )
}
