// Where the van goes without a trip fee: a list of ZIP codes kept in the site settings.
// No imports, so the public forms can say "outside our usual area" as the visitor types.

// Central Austin.
export const DEFAULT_SERVICE_ZIPS = [
  '78701',
  '78702',
  '78703',
  '78704',
  '78705',
  '78712',
  '78721',
  '78722',
  '78723',
  '78731',
  '78741',
  '78744',
  '78745',
  '78751',
  '78752',
  '78756',
  '78757',
] as const

export const OUTSIDE_AREA_NOTE = 'Outside our usual area: a trip fee may apply.'

export function isZip(value: unknown): value is string {
  return typeof value === 'string' && /^\d{5}$/.test(value)
}

/** The ZIP codes of a list typed with commas, spaces or line breaks; anything else is dropped. */
export function zipList(text: unknown): string[] {
  if (typeof text !== 'string') return []
  return [...new Set(text.split(/[\s,;]+/).filter(isZip))]
}

export function outsideServiceArea(zip: unknown, area: readonly string[]): boolean {
  return isZip(zip) && area.length > 0 && !area.includes(zip)
}
