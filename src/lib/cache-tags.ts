// Tags of the cached reads the public pages make; the collections' and globals' hooks
// revalidate them, so an edit in the admin reaches the site without a deploy.
export const CACHE_TAGS = {
  promotions: 'promotions',
  gallery: 'gallery-items',
  siteSettings: 'site-settings',
  sitePages: 'site-pages',
} as const

export type CacheTag = (typeof CACHE_TAGS)[keyof typeof CACHE_TAGS]
