import type { DefaultServerCellComponentProps } from 'payload'
import type React from 'react'

// A custom list cell in the first column links to its document, as Payload's own cell does
// (Payload gives `linkURL` only when the collection formats its own document URLs).
export function ListCellLink({
  children,
  collectionSlug,
  link,
  linkURL,
  payload,
  rowData,
}: Pick<DefaultServerCellComponentProps, 'collectionSlug' | 'link' | 'linkURL' | 'payload' | 'rowData'> & {
  children: React.ReactNode
}) {
  if (!link) return <>{children}</>
  const admin = payload.config.routes?.admin ?? '/admin'
  const href = linkURL ?? `${admin}/collections/${collectionSlug}/${encodeURIComponent(String(rowData.id))}`
  return <a href={href}>{children}</a>
}
