// Imports only lib/promotions, which has none, so the browser forms get it without anything else.

import { formatDiscount, formatDollars } from './promotions'

export const PROMO_CODE_FIELD = 'promoCode'
export const PROMO_CODE_MAX = 50
// The link on flyers, QR codes and ads: /?promo=FALL15
export const PROMO_QUERY_PARAM = 'promo'

export const PROMO_INVALID = 'This code is not valid or has expired.'
export const PROMO_USED_UP = 'This code has reached its usage limit.'

export const SOURCE_FIELDS = ['utmSource', 'utmMedium', 'utmCampaign', 'referrerHost'] as const
export type SourceField = (typeof SOURCE_FIELDS)[number]
export type LeadSource = Partial<Record<SourceField, string | null>>
export const SOURCE_MAX = 100

// Leads with neither a campaign nor a referrer.
export const DIRECT_SOURCE = '(direct)'

// How a request came in; empty on leads from before texts, or typed in by staff.
export const FORM_CHANNEL = 'form'
export const TEXT_CHANNEL = 'text'
// The "Become a partner" form: a dealership asking to work with the business.
export const PARTNER_CHANNEL = 'partner'
export const LEAD_CHANNELS = [FORM_CHANNEL, TEXT_CHANNEL, PARTNER_CHANNEL] as const
export type LeadChannel = (typeof LEAD_CHANNELS)[number]
export const LEAD_CHANNEL_LABELS: Record<LeadChannel, string> = {
  form: 'Quote form',
  text: 'Text',
  partner: 'Partner enquiry',
}
export const TEXT_SOURCE = LEAD_CHANNEL_LABELS[TEXT_CHANNEL]
export const PARTNER_SOURCE = LEAD_CHANNEL_LABELS[PARTNER_CHANNEL]
// Channels that are a source of their own, whatever the visit's campaign fields hold.
export const CHANNEL_SOURCES = { [TEXT_CHANNEL]: TEXT_SOURCE, [PARTNER_CHANNEL]: PARTNER_SOURCE } as const

// Codes are stored upper case; empty means none, and one longer than a code can be is refused as unknown.
export function normalizePromoInput(value: unknown): string {
  return typeof value === 'string' ? value.trim().toUpperCase() : ''
}

const CONTROL = /[\u0000-\u001F\u007F]/g

export function capSource(value: unknown): string | null {
  if (typeof value !== 'string') return null
  const clean = value.replace(CONTROL, '').trim().slice(0, SOURCE_MAX).trim()
  return clean.length ? clean : null
}

export function cleanSource(
  input: Partial<Record<SourceField, unknown>>,
): Record<SourceField, string | null> {
  return {
    utmSource: capSource(input.utmSource),
    utmMedium: capSource(input.utmMedium),
    utmCampaign: capSource(input.utmCampaign),
    referrerHost: capSource(input.referrerHost)?.toLowerCase() ?? null,
  }
}

export function sourceLabel(source: LeadSource & { channel?: string | null }): string {
  if (source.channel === TEXT_CHANNEL) return TEXT_SOURCE
  if (source.channel === PARTNER_CHANNEL) return PARTNER_SOURCE
  const utm = [source.utmSource, source.utmMedium, source.utmCampaign].filter(Boolean).join(' / ')
  if (utm && source.referrerHost) return `${utm} (via ${source.referrerHost})`
  return utm || source.referrerHost || DIRECT_SOURCE
}

export type PromoSnapshot = {
  promoCode?: string | null
  promoDiscountType?: string | null
  promoDiscountValue?: number | null
  promoMinimumAmount?: number | null
}

export function promoLabel(p: PromoSnapshot): string | null {
  if (!p.promoCode) return null
  const discount = formatDiscount(p.promoDiscountType, Number(p.promoDiscountValue ?? 0))
  const minimum = Number(p.promoMinimumAmount ?? 0)
  return `${p.promoCode} · ${discount}${minimum > 0 ? ` orders of ${formatDollars(minimum)} or more` : ''}`
}

export function usageText(count: number | null | undefined, limit: number | null | undefined): string {
  const used = Number(count ?? 0)
  return limit == null ? `used ${used}` : `used ${used} of ${Number(limit)}`
}

export function visitSource(href: string, referrer: string): LeadSource {
  const url = new URL(href)
  const out: LeadSource = {}
  const utm = { utmSource: 'utm_source', utmMedium: 'utm_medium', utmCampaign: 'utm_campaign' } as const
  for (const [field, param] of Object.entries(utm) as [SourceField, string][]) {
    const value = capSource(url.searchParams.get(param))
    if (value) out[field] = value
  }
  try {
    const ref = referrer ? new URL(referrer) : null
    if (ref && /^https?:$/.test(ref.protocol) && ref.host !== url.host) out.referrerHost = ref.hostname
  } catch {
    // not a URL: no referrer
  }
  return out
}
