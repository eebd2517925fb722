import { OFFERS } from './catalog'

// The services a dealership sends wheels for: the published wheel offers.
export const WHEEL_SERVICE_KEYS = ['rim_rash', 'rim_restoration'] as const
export type WheelService = (typeof WHEEL_SERVICE_KEYS)[number]

export const WHEEL_SERVICES = WHEEL_SERVICE_KEYS.map((key) => {
  const offer = OFFERS.find((o) => o.key === key)!
  return { key, title: offer.title }
})

export const WHEEL_POSITIONS = [
  { value: 'LF', label: 'Left front' },
  { value: 'RF', label: 'Right front' },
  { value: 'LR', label: 'Left rear' },
  { value: 'RR', label: 'Right rear' },
  { value: 'spare', label: 'Spare' },
] as const
export type WheelPosition = (typeof WHEEL_POSITIONS)[number]['value']

export type PriceListRow = { service?: string | null; unitPriceCents?: number | null }
export type PublishedPrice = { key: string; priceCents: number }

/** A new dealership's price list: each wheel service at the published offer's price. */
export function defaultPriceList(
  offers: readonly PublishedPrice[],
): { service: WheelService; unitPriceCents: number }[] {
  return WHEEL_SERVICE_KEYS.flatMap((service) => {
    const offer = offers.find((o) => o.key === service)
    return offer ? [{ service, unitPriceCents: offer.priceCents }] : []
  })
}

/** What one wheel of a service costs this dealership: its own price, else the published one. */
export function dealerUnitPriceCents(
  priceList: readonly PriceListRow[] | null | undefined,
  service: string,
  offers: readonly PublishedPrice[],
): number | null {
  const own = priceList?.find((row) => row.service === service)?.unitPriceCents
  if (typeof own === 'number') return own
  return offers.find((o) => o.key === service)?.priceCents ?? null
}
