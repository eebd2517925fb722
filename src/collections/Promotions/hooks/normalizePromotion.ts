import type { CollectionBeforeValidateHook } from 'payload'

import { bannerColor, normalizeDiscountCode, toDateOrNull, toNumberOr } from '@/lib/promotions'

// Runs on every write through REST, GraphQL and the Local API, before validation:
// the code is upper case, amounts are numbers (empty means 0), an empty usage limit
// means unlimited (null), an empty end date means no end, an unknown colour is primary.
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
