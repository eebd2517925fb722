import 'server-only'

import config from '@payload-config'
import { unstable_cache } from 'next/cache'
import { getPayload } from 'payload'

import { type BannerData, findBannerPromotion } from '@/data/banner-query'
import { CACHE_TAGS } from '@/lib/cache-tags'

// An ended promotion must leave the server HTML within 60 s with no edit: this cache never
// trusts an ended one (it is re-read) and pages revalidate every 30 s. A stale page may be
// served once more while regenerating; only next.config's `expireTime` bounds that.
const BANNER_DATA_SECONDS = 30

const cachedBanner = unstable_cache(
  async () => findBannerPromotion(await getPayload({ config })),
  ['promotion-banner'],
  { tags: [CACHE_TAGS.promotions], revalidate: BANNER_DATA_SECONDS },
)

// A fetch error shows no banner and is only logged.
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
