import type { CollectionConfig } from 'payload'

import { admins } from '@/access/admins'
import { anyone } from '@/access/anyone'
import { CACHE_TAGS } from '@/lib/cache-tags'
import { OWNER_SEO_PATHS } from '@/lib/seo'
import { revalidateOnChange, revalidateOnDelete } from '@/server/revalidate'

// The title, description and share image of each public page but the home page (whose own
// are on the Home page global); the fields come from Payload's SEO plugin (src/plugins.ts).
export const PageSeo: CollectionConfig = {
  slug: 'page-seo',
  labels: { singular: 'Page SEO', plural: 'Page SEO' },
  admin: {
    useAsTitle: 'path',
    group: 'Site',
    description:
      "A page's title, description and share image in search results and shared links; empty fields keep the page's own.",
  },
  access: { create: admins, read: anyone, update: admins, delete: admins },
  hooks: {
    afterChange: [revalidateOnChange(CACHE_TAGS.pageSeo)],
    afterDelete: [revalidateOnDelete(CACHE_TAGS.pageSeo)],
  },
  fields: [
    {
      name: 'path',
      label: 'Page',
      type: 'select',
      required: true,
      unique: true,
      options: OWNER_SEO_PATHS.map((path) => ({ value: path, label: path })),
    },
  ],
}
