// Revalidated by the collections' and globals' hooks, so an admin edit reaches the site without a deploy.
export const CACHE_TAGS = {
  promotions: 'promotions',
  gallery: 'gallery-items',
  siteSettings: 'site-settings',
  homePage: 'home-page',
  sitePages: 'site-pages',
  jobPostings: 'job-postings',
  redirects: 'redirects',
  pageSeo: 'page-seo',
} as const

export type CacheTag = (typeof CACHE_TAGS)[keyof typeof CACHE_TAGS]
