import type { GlobalConfig } from 'payload'

import { admins } from '@/access/admins'
import { anyone } from '@/access/anyone'
import { CACHE_TAGS } from '@/lib/cache-tags'
import { revalidateGlobal } from '@/server/revalidate'

import { PRIVACY_POLICY_DEFAULT, TERMS_OF_SERVICE_DEFAULT } from './defaults'

// Defaults are functions so they stay out of the schema (a static default would become a
// column DEFAULT in every migration).
export const SitePages: GlobalConfig = {
  slug: 'site-pages',
  label: 'Policies',
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
  ],
}
