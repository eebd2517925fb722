// The static catalogue the site shows: pricing offers (spec section 3), the main form's
// service type, and (with the public pages) the customer reviews.
export const OFFERS = [
  { key: 'rim_rash', title: 'Rim Rash / Curbed Rim', price: '$125', unit: 'per rim' },
  { key: 'windshield_repair', title: 'Cracked Windshield Repair', price: '$110', unit: '' },
  { key: 'headlight_refresh', title: 'Headlight Refresh', price: '$85', unit: '' },
  { key: 'rim_restoration', title: 'Bent, Powder Coating, or Cracked Rims', price: '$250', unit: '' },
] as const

export const MAIN_FORM_SERVICE = { key: 'wheel_restoration', title: 'Wheel Restoration' } as const

export type OfferKey = (typeof OFFERS)[number]['key']
export type ServiceType = OfferKey | typeof MAIN_FORM_SERVICE.key

export const SERVICE_TYPES: readonly ServiceType[] = [...OFFERS.map((o) => o.key), MAIN_FORM_SERVICE.key]

// The title the quote e-mail and the back office show for a lead's service type.
export function serviceTitle(type: string): string {
  if (type === MAIN_FORM_SERVICE.key) return MAIN_FORM_SERVICE.title
  return OFFERS.find((o) => o.key === type)?.title ?? type
}
