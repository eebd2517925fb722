import path from 'node:path'

import type { CollectionConfig } from 'payload'

import { anyone } from '@/access/anyone'
import { approvedStaff } from '@/access/approvedStaff'
import { CACHE_TAGS } from '@/lib/cache-tags'
import { UPLOADS_DIR } from '@/server/paths'
import { revalidateOnChange, revalidateOnDelete } from '@/server/revalidate'
import { timestampFields } from '@/fields/timestamps'

export const GALLERY_IMAGE_MIME_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'image/avif']

export const GalleryImages: CollectionConfig = {
  slug: 'gallery-images',
  admin: { useAsTitle: 'alt', group: 'Files' },
  access: {
    create: approvedStaff,
    read: anyone,
    update: approvedStaff,
    delete: approvedStaff,
  },
  upload: {
    staticDir: path.join(UPLOADS_DIR, 'gallery'),
    mimeTypes: GALLERY_IMAGE_MIME_TYPES,
    resizeOptions: { width: 2400, height: 2400, fit: 'inside', withoutEnlargement: true },
    formatOptions: { format: 'webp', options: { quality: 82 } },
    imageSizes: [
      {
        name: 'card',
        width: 800,
        height: 600,
        fit: 'cover',
        formatOptions: { format: 'webp', options: { quality: 78 } },
      },
    ],
    adminThumbnail: 'card',
  },
  // The gallery caches these with its items: a new file or alt text must reach it at once.
  hooks: {
    afterChange: [revalidateOnChange(CACHE_TAGS.gallery)],
    afterDelete: [revalidateOnDelete(CACHE_TAGS.gallery)],
  },
  fields: [{ name: 'alt', type: 'text', maxLength: 200 }, ...timestampFields],
}
