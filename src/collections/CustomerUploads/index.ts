import path from 'node:path'

import type { CollectionConfig, ImageSize } from 'payload'

import { approvedStaff } from '@/access/approvedStaff'
import { PHOTO_MAX_SIDE } from '@/lib/request-constants'
import { UPLOADS_DIR } from '@/server/paths'
import { timestampFields } from '@/fields/timestamps'

import { keepCleanedPhoto } from './hooks/keepCleanedPhoto'

export const CUSTOMER_PHOTO_MIME_TYPES = [
  'image/jpeg',
  'image/png',
  'image/webp',
  'image/gif',
  'image/heic',
  'image/heif',
  'image/avif',
]

// The admin's and the portal's thumbnail of a private photo.
export const PHOTO_THUMBNAIL = {
  name: 'thumbnail',
  width: 320,
  height: 320,
  fit: 'cover',
  formatOptions: { format: 'webp', options: { quality: 75 } },
} satisfies ImageSize

// Private: only approved staff read them, through Payload's access-checked file route. Each
// photo is cleaned (oriented, size capped, metadata such as GPS dropped) exactly once.
export const CustomerUploads: CollectionConfig = {
  slug: 'customer-uploads',
  admin: { group: 'Files', defaultColumns: ['filename', 'filesize', 'createdAt'] },
  access: {
    create: approvedStaff,
    read: approvedStaff,
    update: approvedStaff,
    delete: approvedStaff,
  },
  upload: {
    staticDir: path.join(UPLOADS_DIR, 'customer-uploads'),
    mimeTypes: CUSTOMER_PHOTO_MIME_TYPES,
    resizeOptions: { width: PHOTO_MAX_SIDE, height: PHOTO_MAX_SIDE, fit: 'inside', withoutEnlargement: true },
    // The request endpoint's photos, already cleaned, skip these (hooks/keepCleanedPhoto.ts).
    formatOptions: { format: 'jpeg', options: { quality: 85 } },
    imageSizes: [PHOTO_THUMBNAIL],
    adminThumbnail: 'thumbnail',
  },
  hooks: { beforeOperation: [keepCleanedPhoto] },
  fields: [...timestampFields],
}
