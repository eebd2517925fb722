import type { CollectionBeforeValidateHook } from 'payload'

import { bannerColor, normalizeDiscountCode, toDateOrNull, toNumberOr } from '@/lib/promotions'

// Before validation, so every write path (REST, GraphQL, Local API) stores the same shape.
export const normalizePromotion: CollectionBeforeValidateHook = ({ data }) => {
  if (!data) return data
  const out = { ...data }
  if ('discountCode' in out) out.discountCode = normalizeDiscountCode(out.discountCode)
  if ('discountValue' in out) out.discountValue = toNumberOr(out.discountValue, 0)
  if ('minimumAmount' in out) out.minimumAmount = toNumberOr(out.minimumAmount, 0)
  if ('usageLimit' in out) out.usageLimit = toNumberOr(out.usageLimit, null)
  if ('endDate' in out) out.endDate = toDateOrNull(out.endDate)
  if ('bannerColor' in out) out.bannerColor = bannerColor(out.bannerColor)
  return out
}
