import { useRouter } from 'next/navigation'
import { useState } from 'react'

export type Editing<T> = { kind: 'closed' } | { kind: 'create' } | { kind: 'edit'; item: T }

export function useEditor<T, V extends object>(empty: V, valuesOf: (item: T) => V) {
  const router = useRouter()
  const [editing, setEditing] = useState<Editing<T>>({ kind: 'closed' })
  const [values, setValues] = useState<V>(empty)
  const [saving, setSaving] = useState(false)

  function open(next: Editing<T>) {
    setEditing(next)
    setValues(next.kind === 'edit' ? valuesOf(next.item) : empty)
  }

  function set<K extends keyof V>(key: K, value: V[K]) {
    setValues((v) => ({ ...v, [key]: value }))
  }

  // `task` shows its own notices and says whether it saved.
  async function save(task: (editing: Exclude<Editing<T>, { kind: 'closed' }>) => Promise<boolean>) {
    if (editing.kind === 'closed') return
    setSaving(true)
    try {
      if (await task(editing)) {
        setEditing({ kind: 'closed' })
        router.refresh()
      }
    } finally {
      setSaving(false)
    }
  }

  return {
    editing,
    isOpen: editing.kind !== 'closed',
    values,
    set,
    saving,
    open,
    close: () => setEditing({ kind: 'closed' }),
    save,
  }
}
