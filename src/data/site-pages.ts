import 'server-only'

import config from '@payload-config'
import { unstable_cache } from 'next/cache'
import { getPayload } from 'payload'

import { PRIVACY_POLICY_DEFAULT, TERMS_OF_SERVICE_DEFAULT } from '@/globals/SitePages/defaults'

import { CACHE_TAGS } from '@/lib/cache-tags'
import { isRichTextDocument, type RichTextDocument } from '@/lib/lexical'

export type SitePagesContent = {
  privacyPolicy: RichTextDocument
  termsOfService: RichTextDocument
}

const DEFAULTS: SitePagesContent = {
  privacyPolicy: PRIVACY_POLICY_DEFAULT,
  termsOfService: TERMS_OF_SERVICE_DEFAULT,
}

// The written defaults stand in until the owner saves (or when the database is unreachable).
async function readSitePages(): Promise<SitePagesContent> {
  const payload = await getPayload({ config })
  const doc = await payload.findGlobal({ slug: 'site-pages', overrideAccess: false, depth: 0 })
  return {
    privacyPolicy: isRichTextDocument(doc.privacyPolicy)
      ? (doc.privacyPolicy as RichTextDocument)
      : DEFAULTS.privacyPolicy,
    termsOfService: isRichTextDocument(doc.termsOfService)
      ? (doc.termsOfService as RichTextDocument)
      : DEFAULTS.termsOfService,
  }
}

const cachedSitePages = unstable_cache(readSitePages, ['site-pages'], { tags: [CACHE_TAGS.sitePages] })

export async function getSitePages(): Promise<SitePagesContent> {
  try {
    return await cachedSitePages()
  } catch (err) {
    console.error('policies unavailable, using the written defaults:', err)
    return DEFAULTS
  }
}
