import type { CollectionConfig } from 'payload'

import { approvedStaff } from '@/access/approvedStaff'
import { approvedStaffOrPublished } from '@/access/approvedStaffOrPublished'
import { publishUnlessDraft } from '@/hooks/publishUnlessDraft'
import { serverUrl } from '@/lib/server-url'
import { createdByField } from '@/fields/createdBy'
import { CACHE_TAGS } from '@/lib/cache-tags'
import { revalidateOnChange, revalidateOnDelete } from '@/server/revalidate'
import { timestampFields } from '@/fields/timestamps'

import {
  noteImagesOfVersions,
  removeImagesOfDeletedItem,
  removeReplacedImages,
} from './hooks/removeUnusedImages'

export const GalleryItems: CollectionConfig = {
  slug: 'gallery-items',
  access: {
    create: approvedStaff,
    read: approvedStaffOrPublished,
    update: approvedStaff,
    delete: approvedStaff,
    // Versions hold drafts and staff-only fields; Payload's default is any signed-in account.
    readVersions: approvedStaff,
  },
  defaultSort: '-createdAt',
  versions: { maxPerDoc: 20, drafts: { autosave: { interval: 2000 }, schedulePublish: true } },
  admin: {
    useAsTitle: 'title',
    defaultColumns: ['title', 'beforeImage', 'afterImage', 'createdAt'],
    // The gallery page with this item's latest draft, beside the form.
    livePreview: {
      url: () => `${serverUrl()}/preview/gallery`,
      breakpoints: [
        { name: 'phone', label: 'Phone', width: 390, height: 844 },
        { name: 'desktop', label: 'Desktop', width: 1280, height: 800 },
      ],
    },
  },
  hooks: {
    beforeOperation: [publishUnlessDraft],
    beforeDelete: [noteImagesOfVersions],
    afterChange: [removeReplacedImages, revalidateOnChange(CACHE_TAGS.gallery)],
    afterDelete: [removeImagesOfDeletedItem, revalidateOnDelete(CACHE_TAGS.gallery)],
  },
  fields: [
    { name: 'title', type: 'text', required: true, maxLength: 200 },
    { name: 'description', type: 'textarea', maxLength: 2000 },
    {
      type: 'row',
      fields: [
        { name: 'beforeImage', type: 'upload', relationTo: 'gallery-images', required: true },
        { name: 'afterImage', type: 'upload', relationTo: 'gallery-images', required: true },
      ],
    },
    createdByField,
    ...timestampFields,
  ],
  timestamps: true,
}
