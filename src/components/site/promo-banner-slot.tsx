import { getBannerPromotion } from '@/data/banner'

import { PromoBanner } from './promo-banner.client'

export async function PromoBannerSlot() {
  const promotion = await getBannerPromotion()
  return promotion ? <PromoBanner promotion={promotion} /> : null
}
