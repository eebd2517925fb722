import type { CollectionConfig } from 'payload'

import { anyone } from '@/access/anyone'
import { approvedStaff } from '@/access/approvedStaff'
import { createdByField } from '@/fields/createdBy'
import { CACHE_TAGS } from '@/lib/cache-tags'
import { revalidateOnChange, revalidateOnDelete } from '@/server/revalidate'
import { timestampFields } from '@/fields/timestamps'

import { removeImagesOfDeletedItem, removeReplacedImages } from './hooks/removeUnusedImages'

export const GalleryItems: CollectionConfig = {
  slug: 'gallery-items',
  admin: { useAsTitle: 'title', defaultColumns: ['title', 'beforeImage', 'afterImage', 'createdAt'] },
  access: {
    create: approvedStaff,
    read: anyone,
    update: approvedStaff,
    delete: approvedStaff,
  },
  defaultSort: '-createdAt',
  hooks: {
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
