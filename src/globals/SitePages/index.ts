import type { GlobalConfig } from 'payload'

import { admins } from '@/access/admins'
import { anyone } from '@/access/anyone'
import { CACHE_TAGS } from '@/lib/cache-tags'
import { revalidateGlobal } from '@/server/revalidate'

import { CAREERS_POSTING_DEFAULT, PRIVACY_POLICY_DEFAULT, TERMS_OF_SERVICE_DEFAULT } from './defaults'

// Defaults are functions so they stay out of the schema (a static default would become a
// column DEFAULT in every migration).
export const SitePages: GlobalConfig = {
  slug: 'site-pages',
  label: 'Policies & careers',
  access: { read: anyone, update: admins },
  hooks: { afterChange: [revalidateGlobal(CACHE_TAGS.sitePages)] },
  fields: [
    {
      name: 'privacyPolicy',
      label: 'Privacy policy',
      type: 'richText',
      required: true,
      defaultValue: () => PRIVACY_POLICY_DEFAULT,
    },
    {
      name: 'termsOfService',
      label: 'Terms of service',
      type: 'richText',
      required: true,
      defaultValue: () => TERMS_OF_SERVICE_DEFAULT,
    },
    {
      name: 'careersPosting',
      label: 'Careers: Mobile Wheel Technician posting',
      type: 'richText',
      required: true,
      defaultValue: () => CAREERS_POSTING_DEFAULT,
      admin: { description: 'Shown on /join-team above the apply-by-e-mail button.' },
    },
  ],
}
