import type { Access, CollectionConfig } from 'payload'

import { admins } from '@/access/admins'
import { isApprovedStaff } from '@/access/isApprovedStaff'
import { CAREERS_POSTING_DEFAULT } from '@/globals/SitePages/defaults'
import { CACHE_TAGS } from '@/lib/cache-tags'
import { EMPLOYMENT_TYPES } from '@/lib/job-postings'
import { revalidateOnChange, revalidateOnDelete } from '@/server/revalidate'

// Visitors read open postings only; a closed one stays for staff to reopen.
const staffOrOpen: Access = ({ req: { user } }) => isApprovedStaff(user) || { open: { equals: true } }

export const JobPostings: CollectionConfig = {
  slug: 'job-postings',
  labels: { singular: 'Job posting', plural: 'Job postings' },
  admin: {
    useAsTitle: 'title',
    defaultColumns: ['title', 'employmentType', 'open', 'updatedAt'],
    description: 'Open postings are listed on /join-team, newest first.',
  },
  access: { create: admins, read: staffOrOpen, update: admins, delete: admins },
  defaultSort: '-createdAt',
  hooks: {
    afterChange: [revalidateOnChange(CACHE_TAGS.jobPostings)],
    afterDelete: [revalidateOnDelete(CACHE_TAGS.jobPostings)],
  },
  fields: [
    { name: 'title', type: 'text', required: true, maxLength: 120 },
    {
      type: 'row',
      fields: [
        {
          name: 'employmentType',
          type: 'select',
          required: true,
          defaultValue: 'FULL_TIME',
          options: EMPLOYMENT_TYPES.map(({ value, label }) => ({ value, label })),
        },
        { name: 'location', type: 'text', required: true, maxLength: 120, defaultValue: 'Central Austin' },
        { name: 'payText', label: 'Pay', type: 'text', maxLength: 120, defaultValue: 'Competitive pay' },
      ],
    },
    { name: 'description', type: 'richText', required: true, defaultValue: () => CAREERS_POSTING_DEFAULT },
    {
      name: 'applyEmail',
      label: 'Apply-by e-mail',
      type: 'email',
      admin: { description: "Where applications go; the business's e-mail when empty." },
    },
    {
      name: 'validThrough',
      label: 'Applications close',
      type: 'date',
      admin: {
        position: 'sidebar',
        description: 'After this the posting leaves the site; empty means open until closed here.',
      },
    },
    {
      name: 'open',
      type: 'checkbox',
      defaultValue: true,
      index: true,
      admin: { position: 'sidebar', description: 'Only open postings are shown on the site.' },
    },
  ],
}
