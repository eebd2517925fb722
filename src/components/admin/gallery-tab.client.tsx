'use client'

import { toast } from '@payloadcms/ui'
import { useRouter } from 'next/navigation'
import { useState } from 'react'

import type { GalleryImage, GalleryItem } from '@/payload-types'

import { useApi } from './admin-fetch'
import { CollectionDrawerButton } from './collection-drawer.client'
import { DeleteButton } from './delete-button.client'

const NOTICES = {
  created: 'Gallery item created successfully',
  updated: 'Gallery item updated successfully',
  deleted: 'Gallery item deleted successfully',
}

function thumb(value: GalleryItem['beforeImage']): string {
  const img: GalleryImage | null = typeof value === 'object' && value !== null ? value : null
  return img?.sizes?.card?.url ?? img?.url ?? ''
}

export function GalleryTabClient({ items }: { items: GalleryItem[] | null }) {
  const [formOpen, setFormOpen] = useState(false)
  const { api } = useApi()
  const router = useRouter()

  async function remove(item: GalleryItem) {
    try {
      await api(`/gallery-items/${item.id}`, { method: 'DELETE' })
      toast.success('Success', { description: NOTICES.deleted })
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
        <CollectionDrawerButton
          collectionSlug="gallery-items"
          label="Add Gallery Item"
          disabled={formOpen}
          notices={NOTICES}
          onOpenChange={setFormOpen}
        />
      </div>

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
              <CollectionDrawerButton
                collectionSlug="gallery-items"
                id={item.id}
                label="Edit"
                look="secondary"
                disabled={formOpen}
                notices={NOTICES}
                onOpenChange={setFormOpen}
              />
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
