import { normalizeDiscountCode, toNumberOr } from '@/lib/promotions'
import { DEFAULT_TIME_ZONE, fromZonedInput, toZonedInput } from '@/lib/business-time'

export type PromotionFormValues = {
  title: string
  description: string
  discountCode: string
  discountType: string
  discountValue: string
  minimumAmount: string
  endDate: string
  isActive: boolean
  bannerText: string
  bannerColor: string
  usageLimit: string
}

export const EMPTY_PROMOTION_FORM: PromotionFormValues = {
  title: '',
  description: '',
  discountCode: '',
  discountType: 'percentage',
  discountValue: '0',
  minimumAmount: '0',
  endDate: '',
  isActive: true,
  bannerText: '',
  bannerColor: 'primary',
  usageLimit: '',
}

// The end date input is in the business's wall time.
export function promotionRequestBody(values: PromotionFormValues, timeZone: string = DEFAULT_TIME_ZONE) {
  return {
    title: values.title.trim(),
    description: values.description.trim() || null,
    discountCode: normalizeDiscountCode(values.discountCode),
    discountType: values.discountType,
    discountValue: toNumberOr(values.discountValue, 0),
    minimumAmount: toNumberOr(values.minimumAmount, 0),
    endDate: fromZonedInput(values.endDate, timeZone),
    isActive: values.isActive,
    bannerText: values.bannerText.trim() || null,
    bannerColor: values.bannerColor,
    usageLimit: toNumberOr(values.usageLimit, null),
  }
}

type StoredPromotion = {
  title?: string | null
  description?: string | null
  discountCode?: string | null
  discountType?: string | null
  discountValue?: number | null
  minimumAmount?: number | null
  endDate?: string | null
  isActive?: boolean | null
  bannerText?: string | null
  bannerColor?: string | null
  usageLimit?: number | null
}

export function promotionFormValues(
  doc: StoredPromotion,
  timeZone: string = DEFAULT_TIME_ZONE,
): PromotionFormValues {
  return {
    title: doc.title ?? '',
    description: doc.description ?? '',
    discountCode: doc.discountCode ?? '',
    discountType: doc.discountType ?? 'percentage',
    discountValue: String(doc.discountValue ?? 0),
    minimumAmount: String(doc.minimumAmount ?? 0),
    endDate: toZonedInput(doc.endDate, timeZone),
    isActive: doc.isActive ?? true,
    bannerText: doc.bannerText ?? '',
    bannerColor: doc.bannerColor ?? 'primary',
    usageLimit: doc.usageLimit == null ? '' : String(doc.usageLimit),
  }
}

export function formatDiscount(type: string | null | undefined, value: number | null | undefined): string {
  const n = value ?? 0
  return type === 'fixed_amount' ? `$${n.toFixed(2).replace(/\.00$/, '')} off` : `${n}% off`
}
