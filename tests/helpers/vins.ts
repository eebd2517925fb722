import { vinCheckDigit } from '@/lib/vin'

// Distinct valid VINs for lists of many cars: the Accord's (1HGCM82633A004352) with serial
// `i` and its check digit recomputed.
export function serialVin(i: number): string {
  const base = `1HGCM826X3A${String(i).padStart(6, '0')}`
  return base.slice(0, 8) + vinCheckDigit(base)! + base.slice(9)
}
