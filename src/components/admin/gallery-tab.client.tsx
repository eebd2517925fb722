'use client'

import { toast } from '@payloadcms/ui'
import { useRouter } from 'next/navigation'
import type { FormEvent } from 'react'

import type { GalleryImage, GalleryItem } from '@/payload-types'

import { jsonInit, useApi } from './admin-fetch'
import { ActionButton } from './action-button.client'
import { DeleteButton } from './delete-button.client'
import { EditorActions } from './editor-actions.client'
import { useEditor } from './use-editor'

type GalleryFormValues = { title: string; description: string; before: File | null; after: File | null }
const EMPTY: GalleryFormValues = { title: '', description: '', before: null, after: null }
const valuesOf = (item: GalleryItem): GalleryFormValues => ({
  ...EMPTY,
  title: item.title,
  description: item.description ?? '',
})

function thumb(value: GalleryItem['beforeImage']): string {
  const img: GalleryImage | null = typeof value === 'object' && value !== null ? value : null
  return img?.sizes?.card?.url ?? img?.url ?? ''
}

export function GalleryTabClient({ items }: { items: GalleryItem[] | null }) {
  const editor = useEditor<GalleryItem, GalleryFormValues>(EMPTY, valuesOf)
  const { editing, values, set } = editor
  const { api } = useApi()
  const router = useRouter()
  async function uploadImage(file: File, alt: string): Promise<number> {
    const form = new FormData()
    form.append('file', file)
    form.append('_payload', JSON.stringify({ alt }))
    const { doc } = await api<{ doc: GalleryImage }>('/gallery-images?depth=0', {
      method: 'POST',
      body: form,
    })
    return doc.id
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    void editor.save(async (open) => {
      const creating = open.kind === 'create'
      if (!values.title.trim() || (creating && (!values.before || !values.after))) {
        toast.error('Error', { description: 'Title, before image, and after image are required' })
        return false
      }
      // Removed again when the item is not saved, so a failed save leaves no picture behind.
      const uploaded: number[] = []
      try {
        const { user } = await api<{ user: unknown }>('/users/me')
        if (!user) {
          toast.error('Error', { description: 'User not authenticated' })
          return false
        }
        const name = values.title.trim()
        const data: Record<string, unknown> = { title: name, description: values.description.trim() || null }
        if (values.before)
          uploaded.push((data.beforeImage = await uploadImage(values.before, `${name} (before)`)))
        if (values.after)
          uploaded.push((data.afterImage = await uploadImage(values.after, `${name} (after)`)))
        if (open.kind === 'edit') {
          await api(`/gallery-items/${open.item.id}?depth=0`, jsonInit('PATCH', data))
          toast.success('Success', { description: 'Gallery item updated successfully' })
        } else {
          await api('/gallery-items?depth=0', jsonInit('POST', data))
          toast.success('Success', { description: 'Gallery item created successfully' })
        }
        return true
      } catch (error) {
        await Promise.allSettled(uploaded.map((id) => api(`/gallery-images/${id}`, { method: 'DELETE' })))
        toast.error('Error', {
          description: error instanceof Error ? error.message : 'Failed to save gallery item',
        })
        return false
      }
    })
  }

  async function remove(item: GalleryItem) {
    try {
      await api(`/gallery-items/${item.id}`, { method: 'DELETE' })
      toast.success('Success', { description: 'Gallery item deleted successfully' })
      router.refresh()
    } catch (error) {
      toast.error('Error', {
        description: error instanceof Error ? error.message : 'Failed to delete gallery item',
      })
    }
  }

  return (
    <div className="cbo-stack">
      <div className="cbo-toolbar">
        <h2>Gallery Management</h2>
        <ActionButton disabled={editor.isOpen} onClick={() => editor.open({ kind: 'create' })}>
          Add Gallery Item
        </ActionButton>
      </div>

      {editing.kind !== 'closed' ? (
        <form
          className="cbo-form"
          onSubmit={submit}
          noValidate
          aria-label={editing.kind === 'edit' ? 'Edit gallery item' : 'New gallery item'}
        >
          <h3>{editing.kind === 'edit' ? 'Edit Gallery Item' : 'New Gallery Item'}</h3>
          <label className="cbo-field">
            <span>Title *</span>
            <input value={values.title} onChange={(e) => set('title', e.target.value)} />
          </label>
          <label className="cbo-field">
            <span>Description</span>
            <textarea value={values.description} onChange={(e) => set('description', e.target.value)} />
          </label>
          <div className="cbo-row">
            <label className="cbo-field">
              <span>Before image{editing.kind === 'create' ? ' *' : ''}</span>
              <input
                type="file"
                accept="image/*"
                onChange={(e) => set('before', e.target.files?.[0] ?? null)}
              />
            </label>
            <label className="cbo-field">
              <span>After image{editing.kind === 'create' ? ' *' : ''}</span>
              <input
                type="file"
                accept="image/*"
                onChange={(e) => set('after', e.target.files?.[0] ?? null)}
              />
            </label>
          </div>
          <EditorActions
            noun="Item"
            editing={editing.kind === 'edit'}
            saving={editor.saving}
            onCancel={editor.close}
          />
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
              <ActionButton
                look="secondary"
                disabled={editor.isOpen}
                onClick={() => editor.open({ kind: 'edit', item })}
              >
                Edit
              </ActionButton>
              <DeleteButton
                modalSlug={`delete-gallery-item-${item.id}`}
                question="Are you sure you want to delete this item?"
                onConfirm={() => remove(item)}
              />
            </div>
          </li>
        ))}
      </ul>
    </div>
  )
}
