import config from '@payload-config'
import { unstable_cache } from 'next/cache'
import { getPayload } from 'payload'

import { type BannerData, findBannerPromotion } from './banner-query'
import { CACHE_TAGS } from './cache-tags'

// Promotion hooks revalidate the tag on every change; the 30-second lifetime makes a
// promotion whose end date passes disappear without any change being saved.
const cachedBanner = unstable_cache(
  async () => findBannerPromotion(await getPayload({ config })),
  ['promotion-banner'],
  { tags: [CACHE_TAGS.promotions], revalidate: 30 },
)

// A fetch error shows no banner and is only logged (spec section 8).
export async function getBannerPromotion(): Promise<BannerData | null> {
  try {
    return await cachedBanner()
  } catch (err) {
    console.error('promotion banner unavailable:', err)
    return null
  }
}
