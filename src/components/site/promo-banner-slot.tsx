import { getBannerPromotion } from '@/data/banner'

import { PromoBanner } from './promo-banner.client'

// The promotion banner, wherever a public page puts it (the spec shows it on every
// page): nothing when there is no live promotion.
export async function PromoBannerSlot() {
  const promotion = await getBannerPromotion()
  return promotion ? <PromoBanner promotion={promotion} /> : null
}
