'use client'

import { toast } from '@payloadcms/ui'
import { useState } from 'react'
import type { FormEvent } from 'react'

import type { GalleryImage, GalleryItem } from '@/payload-types'

import { useApiPage } from './use-api-page'
import { apiFetch, jsonInit } from './admin-fetch'

type Editing = { kind: 'closed' } | { kind: 'create' } | { kind: 'edit'; item: GalleryItem }

function image(value: GalleryItem['beforeImage']): GalleryImage | null {
  return typeof value === 'object' && value !== null ? value : null
}

function thumb(value: GalleryItem['beforeImage']): string {
  const img = image(value)
  return img?.sizes?.card?.url ?? img?.url ?? ''
}

async function uploadImage(file: File, alt: string): Promise<number> {
  const form = new FormData()
  form.append('file', file)
  form.append('_payload', JSON.stringify({ alt }))
  const { doc } = await apiFetch<{ doc: GalleryImage }>('/api/gallery-images?depth=0', {
    method: 'POST',
    body: form,
  })
  return doc.id
}

export function GalleryTab() {
  const [editing, setEditing] = useState<Editing>({ kind: 'closed' })
  const [title, setTitle] = useState('')
  const [description, setDescription] = useState('')
  const [before, setBefore] = useState<File | null>(null)
  const [after, setAfter] = useState<File | null>(null)
  const [saving, setSaving] = useState(false)

  const { data, reload: load } = useApiPage<GalleryItem>(
    '/api/gallery-items?sort=-createdAt&depth=1&limit=200',
    'Failed to load gallery items',
  )
  const items = data?.docs ?? null

  function open(next: Editing) {
    setEditing(next)
    setTitle(next.kind === 'edit' ? next.item.title : '')
    setDescription(next.kind === 'edit' ? (next.item.description ?? '') : '')
    setBefore(null)
    setAfter(null)
  }

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const creating = editing.kind === 'create'
    if (!title.trim() || (creating && (!before || !after))) {
      toast.error('Error', { description: 'Title, before image, and after image are required' })
      return
    }
    setSaving(true)
    // Pictures uploaded by this attempt: removed again when the item is not saved, so a
    // failed save leaves no picture behind.
    const uploaded: number[] = []
    try {
      const { user } = await apiFetch<{ user: unknown }>('/api/users/me')
      if (!user) {
        toast.error('Error', { description: 'User not authenticated' })
        setSaving(false)
        return
      }
      const name = title.trim()
      const data: Record<string, unknown> = { title: name, description: description.trim() || null }
      // On edit an image is replaced only when a new file was chosen.
      if (before) uploaded.push((data.beforeImage = await uploadImage(before, `${name} (before)`)))
      if (after) uploaded.push((data.afterImage = await uploadImage(after, `${name} (after)`)))
      if (editing.kind === 'edit') {
        await apiFetch(`/api/gallery-items/${editing.item.id}?depth=0`, jsonInit('PATCH', data))
        toast.success('Success', { description: 'Gallery item updated successfully' })
      } else {
        await apiFetch('/api/gallery-items?depth=0', jsonInit('POST', data))
        toast.success('Success', { description: 'Gallery item created successfully' })
      }
      setEditing({ kind: 'closed' })
      load()
    } catch (error) {
      await Promise.allSettled(
        uploaded.map((id) => apiFetch(`/api/gallery-images/${id}`, { method: 'DELETE' })),
      )
      toast.error('Error', {
        description: error instanceof Error ? error.message : 'Failed to save gallery item',
      })
    }
    setSaving(false)
  }

  async function remove(item: GalleryItem) {
    if (!window.confirm('Are you sure you want to delete this item?')) return
    try {
      await apiFetch(`/api/gallery-items/${item.id}`, { method: 'DELETE' })
      toast.success('Success', { description: 'Gallery item deleted successfully' })
      load()
    } catch (error) {
      toast.error('Error', {
        description: error instanceof Error ? error.message : 'Failed to delete gallery item',
      })
    }
  }

  const formOpen = editing.kind !== 'closed'
  return (
    <div className="cbo-stack">
      <div className="cbo-toolbar">
        <h2>Gallery Management</h2>
        <button
          type="button"
          className="cbo-btn"
          disabled={formOpen}
          onClick={() => open({ kind: 'create' })}
        >
          Add Gallery Item
        </button>
      </div>

      {formOpen ? (
        <form
          className="cbo-form"
          onSubmit={save}
          noValidate
          aria-label={editing.kind === 'edit' ? 'Edit gallery item' : 'New gallery item'}
        >
          <h3>{editing.kind === 'edit' ? 'Edit Gallery Item' : 'New Gallery Item'}</h3>
          <label className="cbo-field">
            <span>Title *</span>
            <input value={title} onChange={(e) => setTitle(e.target.value)} />
          </label>
          <label className="cbo-field">
            <span>Description</span>
            <textarea value={description} onChange={(e) => setDescription(e.target.value)} />
          </label>
          <div className="cbo-row">
            <label className="cbo-field">
              <span>Before image{editing.kind === 'create' ? ' *' : ''}</span>
              <input type="file" accept="image/*" onChange={(e) => setBefore(e.target.files?.[0] ?? null)} />
            </label>
            <label className="cbo-field">
              <span>After image{editing.kind === 'create' ? ' *' : ''}</span>
              <input type="file" accept="image/*" onChange={(e) => setAfter(e.target.files?.[0] ?? null)} />
            </label>
          </div>
          <div className="cbo-inline">
            <button type="submit" className="cbo-btn" disabled={saving}>
              {editing.kind === 'edit' ? 'Update Item' : 'Create Item'}
            </button>
            <button
              type="button"
              className="cbo-btn cbo-btn--outline"
              onClick={() => setEditing({ kind: 'closed' })}
            >
              Cancel
            </button>
          </div>
        </form>
      ) : null}

      {items && items.length === 0 ? (
        <p className="cbo-empty">No gallery items found. Create your first one!</p>
      ) : null}
      <ul className="cbo-list cbo-list--grid" aria-label="Gallery items">
        {items?.map((item) => (
          <li key={item.id} className="cbo-card" data-testid="gallery-item">
            <div className="cbo-pair">
              <figure>
                {/* eslint-disable-next-line @next/next/no-img-element -- Payload-served thumbnails */}
                <img src={thumb(item.beforeImage)} alt={`${item.title} before`} />
                <figcaption>BEFORE</figcaption>
              </figure>
              <figure>
                {/* eslint-disable-next-line @next/next/no-img-element -- Payload-served thumbnails */}
                <img src={thumb(item.afterImage)} alt={`${item.title} after`} />
                <figcaption>AFTER</figcaption>
              </figure>
            </div>
            <h3>{item.title}</h3>
            {item.description ? <p className="cbo-description">{item.description}</p> : null}
            <div className="cbo-inline">
              <button
                type="button"
                className="cbo-btn cbo-btn--outline"
                disabled={formOpen}
                onClick={() => open({ kind: 'edit', item })}
              >
                Edit
              </button>
              <button type="button" className="cbo-btn cbo-btn--danger" onClick={() => remove(item)}>
                Delete
              </button>
            </div>
          </li>
        ))}
      </ul>
    </div>
  )
}
