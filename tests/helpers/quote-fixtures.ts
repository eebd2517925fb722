// A lead the owner enters and the quote written for it (4 × Rim Rash, free centre caps), as
// the end-to-end tests and the benchmarks send them through the API.
export const QUOTED_LEAD = {
  firstName: 'Quinn',
  lastName: 'Quote',
  phone: '(512) 555-0188',
  description: 'Curb rash on four wheels.',
  serviceType: 'rim_rash',
} as const
export const QUOTE_LINES = [
  { kind: 'offer', offer: 'rim_rash', quantity: 4 },
  { kind: 'free', description: 'Centre caps', amount: 40 },
] as const
