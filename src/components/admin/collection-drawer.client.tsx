'use client'

import { toast, useDocumentDrawer } from '@payloadcms/ui'
import { useRouter } from 'next/navigation'
import { useEffect } from 'react'

import { ActionButton } from './action-button.client'

type Notices = { created: string; updated: string; deleted: string }

// Payload's own edit view of one document (drafts, versions, scheduled publish included) in a
// drawer, so a field added to the collection shows here with no other change. The tab shows
// the spec's notices from its save and delete callbacks.
export function CollectionDrawerButton({
  collectionSlug,
  id,
  label,
  look = 'primary',
  disabled,
  notices,
  onOpenChange,
}: {
  collectionSlug: 'gallery-items' | 'promotions'
  id?: number
  label: string
  look?: 'primary' | 'secondary'
  disabled?: boolean
  notices: Notices
  onOpenChange?: (open: boolean) => void
}) {
  const router = useRouter()
  const [Drawer, , { openDrawer, closeDrawer, isDrawerOpen }] = useDocumentDrawer({ collectionSlug, id })
  useEffect(() => onOpenChange?.(isDrawerOpen), [isDrawerOpen, onOpenChange])

  const onSave = ({ doc, operation }: { doc: object; operation: 'create' | 'update' }) => {
    // Autosave files a draft every few seconds while the form is open: no notice for those.
    if (operation === 'update' && (doc as { _status?: string })._status === 'draft') return
    toast.success('Success', { description: operation === 'create' ? notices.created : notices.updated })
    closeDrawer()
    router.refresh()
  }
  const onDelete = () => {
    toast.success('Success', { description: notices.deleted })
    closeDrawer()
    router.refresh()
  }
  return (
    <>
      <ActionButton look={look} disabled={disabled} onClick={openDrawer}>
        {label}
      </ActionButton>
      <Drawer onSave={onSave} onDelete={onDelete} redirectAfterDelete={false} redirectAfterCreate={false} />
    </>
  )
}
