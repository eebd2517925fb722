import { redirectsPlugin } from '@payloadcms/plugin-redirects'
import type { Field, GroupField, TextFieldSingleValidation } from 'payload'

import { admins } from '@/access/admins'
import { anyone } from '@/access/anyone'
import { CACHE_TAGS } from '@/lib/cache-tags'
import { redirectKey, redirectSourceError, redirectTargetError } from '@/lib/redirect-paths'
import { revalidateOnChange, revalidateOnDelete } from '@/server/revalidate'

const validFrom: TextFieldSingleValidation = (value) => redirectSourceError(value ?? '') ?? true
const validTo: TextFieldSingleValidation = (value) => redirectTargetError(value ?? '') ?? true

// The site has no per-document pages to point at, so every target is a path or a URL; the
// plugin's `to.type` stays (always "custom") so its shape is the documented one.
function customTargetsOnly({ defaultFields }: { defaultFields: Field[] }): Field[] {
  return defaultFields.map((field) => {
    if ('name' in field && field.name === 'from') {
      return {
        ...field,
        validate: validFrom,
        hooks: {
          beforeValidate: [({ value }) => (typeof value === 'string' ? redirectKey(value.trim()) : value)],
        },
        admin: {
          description:
            'An old address on this site, e.g. /wheel-repair.html (stored in lower case, without a query). Existing pages win.',
        },
      } as Field
    }
    if ('name' in field && field.name === 'to') {
      const group = field as GroupField
      return {
        ...group,
        fields: [
          {
            name: 'type',
            type: 'radio',
            defaultValue: 'custom',
            options: [{ label: 'Custom URL', value: 'custom' }],
            admin: { hidden: true },
          },
          {
            name: 'url',
            label: 'To',
            type: 'text',
            required: true,
            validate: validTo,
            admin: { description: 'A page of this site (/gallery) or a full https:// address.' },
          },
        ],
      } as Field
    }
    return field
  })
}

// Old addresses of a previous site, answered with a permanent redirect (308) by the 404 route.
export const redirects = redirectsPlugin({
  overrides: {
    admin: { group: 'Site', defaultColumns: ['from', 'to.url', 'updatedAt'] },
    access: { read: anyone, create: admins, update: admins, delete: admins },
    hooks: {
      afterChange: [revalidateOnChange(CACHE_TAGS.redirects)],
      afterDelete: [revalidateOnDelete(CACHE_TAGS.redirects)],
    },
    fields: customTargetsOnly,
  },
})
