'use client'

import { Button } from '@payloadcms/ui'

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
      <Button type="submit" margin={false} disabled={saving}>
        {editing ? `Update ${noun}` : `Create ${noun}`}
      </Button>
      <Button buttonStyle="secondary" margin={false} onClick={onCancel}>
        Cancel
      </Button>
    </div>
  )
}
