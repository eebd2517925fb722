// The employment types schema.org's JobPosting names, with the words the careers page shows.
export const EMPLOYMENT_TYPES = [
  { value: 'FULL_TIME', label: 'Full-time' },
  { value: 'PART_TIME', label: 'Part-time' },
  { value: 'CONTRACTOR', label: 'Contract' },
  { value: 'TEMPORARY', label: 'Temporary' },
  { value: 'INTERN', label: 'Internship' },
] as const

export type EmploymentType = (typeof EMPLOYMENT_TYPES)[number]['value']

export const employmentTypeLabel = (value: string): string =>
  EMPLOYMENT_TYPES.find((t) => t.value === value)?.label ?? value

export const NO_OPENINGS = 'No openings right now. Check back soon, or send us your résumé anyway.'

// The spec's one posting: seeded, and made from the old careers text by the migration.
export const DEFAULT_POSTING_TITLE = 'Mobile Wheel Technician'
