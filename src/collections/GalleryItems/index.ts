import type { CollectionConfig, Validate } from 'payload'
import { text, upload } from 'payload/shared'

import { approvedStaff } from '@/access/approvedStaff'
import { approvedStaffOrPublished } from '@/access/approvedStaffOrPublished'
import { publishUnlessDraft } from '@/hooks/publishUnlessDraft'
import { serverUrl } from '@/lib/server-url'
import { createdByField } from '@/fields/createdBy'
import { CACHE_TAGS } from '@/lib/cache-tags'
import { revalidateOnChange, revalidateOnDelete } from '@/server/revalidate'
import { timestampFields } from '@/fields/timestamps'

import { requireSignedIn } from './hooks/requireSignedIn'
import {
  noteImagesOfVersions,
  removeImagesOfDeletedItem,
  removeReplacedImages,
} from './hooks/removeUnusedImages'

const MISSING = 'Title, before image, and after image are required'

// Payload's own check, with the spec's message when the value is missing.
const withSpecMessage =
  <V, O extends object>(validate: Validate<V, unknown, unknown, O>): Validate<V, unknown, unknown, O> =>
  (value, options) =>
    value === null || value === undefined || value === '' ? MISSING : validate(value, options)

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
  // validate: see Promotions; a draft item has both its pictures.
  versions: {
    maxPerDoc: 20,
    drafts: { autosave: { interval: 2000 }, schedulePublish: true, validate: true },
  },
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
    beforeOperation: [requireSignedIn, publishUnlessDraft],
    beforeDelete: [noteImagesOfVersions],
    afterChange: [removeReplacedImages, revalidateOnChange(CACHE_TAGS.gallery)],
    afterDelete: [removeImagesOfDeletedItem, revalidateOnDelete(CACHE_TAGS.gallery)],
  },
  fields: [
    { name: 'title', type: 'text', required: true, maxLength: 200, validate: withSpecMessage(text) },
    { name: 'description', type: 'textarea', maxLength: 2000 },
    {
      type: 'row',
      fields: [
        {
          name: 'beforeImage',
          type: 'upload',
          relationTo: 'gallery-images',
          required: true,
          validate: withSpecMessage(upload),
        },
        {
          name: 'afterImage',
          type: 'upload',
          relationTo: 'gallery-images',
          required: true,
          validate: withSpecMessage(upload),
        },
      ],
    },
    createdByField,
    ...timestampFields,
  ],
  timestamps: true,
}
