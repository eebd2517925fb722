// The employment types schema.org's JobPosting names, with the words the careers page shows.
export const EMPLOYMENT_TYPES = [
  { value: 'FULL_TIME', label: 'Full-time' },
  { value: 'PART_TIME', label: 'Part-time' },
  { value: 'CONTRACTOR', label: 'Contract' },
  { value: 'TEMPORARY', label: 'Temporary' },
  { value: 'INTERN', label: 'Internship' },
] as const

export const employmentTypeLabel = (value: string): string =>
  EMPLOYMENT_TYPES.find((t) => t.value === value)?.label ?? value

export const NO_OPENINGS = 'No openings right now. Check back soon, or send us your résumé anyway.'

// The spec's one posting: seeded, and made from the old careers text by the migration.
export const DEFAULT_POSTING_TITLE = 'Mobile Wheel Technician'

export type Pay = {
  minValue: number
  maxValue?: number
  unitText: 'HOUR' | 'DAY' | 'WEEK' | 'MONTH' | 'YEAR'
}

const PAY_UNITS: [RegExp, Pay['unitText']][] = [
  [/\b(hour|hr|hourly)\b/i, 'HOUR'],
  [/\b(day|daily)\b/i, 'DAY'],
  [/\b(week|wk|weekly)\b/i, 'WEEK'],
  [/\b(month|mo|monthly)\b/i, 'MONTH'],
  [/\b(year|yr|annual|annually|salary)\b/i, 'YEAR'],
]
const AMOUNT = String.raw`\$\s?(\d{1,3}(?:,\d{3})+|\d+(?:\.\d+)?)\s?(k)?`

// The pay a posting states in words ("$22-26 an hour", "$45k-$55k a year"), as numbers and a
// unit for search engines; null when the words name no amount and unit ("Competitive pay").
export function payFromText(text: string | null | undefined): Pay | null {
  if (!text) return null
  const range = new RegExp(
    `${AMOUNT}(?:\\s?(?:-|–|—|to)\\s?(?:\\$\\s?)?(\\d{1,3}(?:,\\d{3})+|\\d+(?:\\.\\d+)?)\\s?(k)?)?`,
    'i',
  )
  const m = range.exec(text)
  const unit = PAY_UNITS.find(([re]) => re.test(text))?.[1]
  if (!m || !unit) return null
  const value = (digits: string, k: string | undefined) => Number(digits.replace(/,/g, '')) * (k ? 1000 : 1)
  // "$45-55k": the k of the upper bound applies to both.
  const minValue = value(m[1], m[2] ?? (m[3] ? m[4] : undefined))
  return m[3] ? { minValue, maxValue: value(m[3], m[4]), unitText: unit } : { minValue, unitText: unit }
}
