'use client'

import { ActionButton } from './action-button.client'

export function EditorActions({
  noun,
  editing,
  saving,
  onCancel,
}: {
  noun: string
  editing: boolean
  saving: boolean
  onCancel: () => void
}) {
  return (
    <div className="cbo-inline">
      <ActionButton type="submit" disabled={saving}>
        {editing ? `Update ${noun}` : `Create ${noun}`}
      </ActionButton>
      <ActionButton look="secondary" onClick={onCancel}>
        Cancel
      </ActionButton>
    </div>
  )
}
