import 'server-only'

import config from '@payload-config'
import { unstable_cache } from 'next/cache'
import { getPayload } from 'payload'

import { type BannerData, findBannerPromotion } from '@/data/banner-query'
import { CACHE_TAGS } from '@/lib/cache-tags'

// An ended promotion must leave the server HTML within 60 s of its end date, with no edit
// to revalidate anything; else the client's timer removes it after first paint (a flash
// and a layout shift). The lifetimes between the database and the HTML:
// - this data cache (up to 30 s): never trusted for an ended promotion, which is re-read
//   from the database, and refreshed before use when a page regenerates: adds 0 s;
// - the pages (`revalidate = 30` on each public page): up to 30 s.
// 0 + 30 ≤ 60. Edits revalidate the tag at once. Past its lifetime Next serves a page once
// more while regenerating it; only next.config's `expireTime` bounds that.
const BANNER_DATA_SECONDS = 30

const cachedBanner = unstable_cache(
  async () => findBannerPromotion(await getPayload({ config })),
  ['promotion-banner'],
  { tags: [CACHE_TAGS.promotions], revalidate: BANNER_DATA_SECONDS },
)

// A fetch error shows no banner and is only logged (spec section 8).
export async function getBannerPromotion(): Promise<BannerData | null> {
  try {
    const cached = await cachedBanner()
    const now = new Date()
    if (!cached?.endDate || new Date(cached.endDate) > now) return cached
    // The cached promotion has ended since it was read: an older one may be live now.
    return await findBannerPromotion(await getPayload({ config }), now)
  } catch (err) {
    console.error('promotion banner unavailable:', err)
    return null
  }
}
