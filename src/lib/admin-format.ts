import { normalizeDiscountCode, toNumberOr } from '@/lib/promotions'

// The business is in Austin: dates read the same on the server and in any browser.
const LEAD_DATE = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZone: 'America/Chicago',
})

// Spec section 9: short month, day, year, hour, minute.
export function formatLeadDate(iso: string): string {
  const date = new Date(iso)
  return Number.isNaN(date.getTime()) ? '' : LEAD_DATE.format(date)
}

export const BACK_OFFICE_TABS = [
  { key: 'gallery', label: 'Gallery Management' },
  { key: 'promotions', label: 'Promotions & Specials' },
  { key: 'leads', label: 'Lead Management' },
] as const
export type BackOfficeTab = (typeof BACK_OFFICE_TABS)[number]['key']

export function backOfficeTab(value: unknown): BackOfficeTab {
  return BACK_OFFICE_TABS.find((tab) => tab.key === value)?.key ?? 'gallery'
}

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

// Spec section 5: code in upper case, numbers as numbers, empty usage limit and end
// date as null, amounts default to 0. The end date input is local time in the browser.
export function promotionRequestBody(values: PromotionFormValues) {
  const endDate = values.endDate.trim() ? new Date(values.endDate) : null
  return {
    title: values.title.trim(),
    description: values.description.trim() || null,
    discountCode: normalizeDiscountCode(values.discountCode),
    discountType: values.discountType,
    discountValue: toNumberOr(values.discountValue, 0),
    minimumAmount: toNumberOr(values.minimumAmount, 0),
    endDate: endDate && !Number.isNaN(endDate.getTime()) ? endDate.toISOString() : null,
    isActive: values.isActive,
    bannerText: values.bannerText.trim() || null,
    bannerColor: values.bannerColor,
    usageLimit: toNumberOr(values.usageLimit, null),
  }
}

function toLocalInput(iso: string | null | undefined): string {
  if (!iso) return ''
  const d = new Date(iso)
  if (Number.isNaN(d.getTime())) return ''
  const pad = (n: number) => String(n).padStart(2, '0')
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`
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

export function promotionFormValues(doc: StoredPromotion): PromotionFormValues {
  return {
    title: doc.title ?? '',
    description: doc.description ?? '',
    discountCode: doc.discountCode ?? '',
    discountType: doc.discountType ?? 'percentage',
    discountValue: String(doc.discountValue ?? 0),
    minimumAmount: String(doc.minimumAmount ?? 0),
    endDate: toLocalInput(doc.endDate),
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
