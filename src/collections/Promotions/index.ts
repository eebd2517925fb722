import type { CollectionConfig } from 'payload'

import { approvedStaff } from '@/access/approvedStaff'
import { approvedStaffField } from '@/access/approvedStaffField'
import { approvedStaffOrActivePromotion } from '@/access/approvedStaffOrActivePromotion'
import { nobody } from '@/access/nobody'
import { createdByField } from '@/fields/createdBy'
import { CACHE_TAGS } from '@/lib/cache-tags'
import { BANNER_COLORS, DISCOUNT_TYPES, discountValueError } from '@/lib/promotions'
import { revalidateOnChange, revalidateOnDelete } from '@/server/revalidate'
import { timestampFields } from '@/fields/timestamps'

import { hideTimestampsFromPublic } from './hooks/hideTimestampsFromPublic'
import { keepUsageCount } from './hooks/keepUsageCount'
import { normalizePromotion } from './hooks/normalizePromotion'
import { publishUnlessDraft } from '@/hooks/publishUnlessDraft'

const staffRead = { read: approvedStaffField }

// The public reads only live promotions and only the fields the banner shows; every other
// field is for approved staff alone.
export const Promotions: CollectionConfig = {
  slug: 'promotions',
  admin: {
    useAsTitle: 'title',
    defaultColumns: ['title', 'discountCode', 'discountValue', 'isActive', 'endDate'],
  },
  access: {
    create: approvedStaff,
    read: approvedStaffOrActivePromotion,
    update: approvedStaff,
    delete: approvedStaff,
    // Versions hold drafts and staff-only fields; Payload's default is any signed-in account.
    readVersions: approvedStaff,
  },
  defaultSort: '-createdAt',
  // A promotion can be prepared as a draft and published at a set time by the job queue.
  versions: {
    maxPerDoc: 20,
    // validate: a new promotion is created on its first save, not as an empty draft on opening
    // the form, and a draft needs what a promotion needs.
    drafts: { autosave: { interval: 2000 }, schedulePublish: true, validate: true },
  },
  hooks: {
    beforeOperation: [publishUnlessDraft],
    beforeValidate: [normalizePromotion],
    beforeChange: [keepUsageCount],
    afterRead: [hideTimestampsFromPublic],
    afterChange: [revalidateOnChange(CACHE_TAGS.promotions)],
    afterDelete: [revalidateOnDelete(CACHE_TAGS.promotions)],
  },
  fields: [
    { name: 'title', type: 'text', required: true, maxLength: 200 },
    { name: 'description', type: 'textarea', maxLength: 2000, access: staffRead },
    {
      name: 'discountCode',
      type: 'text',
      maxLength: 50,
      admin: {
        description: 'Stored in upper case.',
        components: { Field: '@/components/admin/upper-case-field.client#UpperCaseField' },
      },
    },
    {
      type: 'row',
      fields: [
        {
          name: 'discountType',
          type: 'select',
          required: true,
          defaultValue: 'percentage',
          options: DISCOUNT_TYPES.map((value) => ({
            value,
            label: value === 'percentage' ? 'Percentage' : 'Fixed amount',
          })),
          access: staffRead,
        },
        {
          name: 'discountValue',
          type: 'number',
          required: true,
          defaultValue: 0,
          min: 0,
          access: staffRead,
          validate: (
            value: number | null | undefined,
            { siblingData }: { siblingData: Record<string, unknown> },
          ) => discountValueError(siblingData.discountType, value) ?? true,
        },
        { name: 'minimumAmount', type: 'number', defaultValue: 0, min: 0, access: staffRead },
      ],
    },
    { name: 'endDate', type: 'date', admin: { date: { pickerAppearance: 'dayAndTime' } } },
    { name: 'isActive', type: 'checkbox', defaultValue: true, index: true, access: staffRead },
    { name: 'bannerText', type: 'text', maxLength: 300 },
    {
      name: 'bannerColor',
      type: 'select',
      defaultValue: 'primary',
      options: BANNER_COLORS.map((value) => ({ value, label: value[0].toUpperCase() + value.slice(1) })),
    },
    {
      name: 'bannerPreview',
      type: 'ui',
      admin: { components: { Field: '@/components/admin/banner-preview.client#BannerPreview' } },
    },
    {
      type: 'row',
      fields: [
        {
          name: 'usageLimit',
          type: 'number',
          min: 0,
          access: staffRead,
          admin: { description: 'Empty means unlimited.' },
        },
        {
          name: 'usageCount',
          type: 'number',
          defaultValue: 0,
          access: { read: approvedStaffField, create: nobody, update: nobody },
          admin: { readOnly: true },
        },
      ],
    },
    createdByField,
    ...timestampFields,
  ],
  timestamps: true,
}
