// Vehicle identification numbers as North American VINs are built (49 CFR 565): 17 characters,
// never I, O or Q (they read as 1 and 0), a check digit in position 9.

export const VIN_LENGTH = 17

const TRANSLITERATION: Record<string, number> = {
  A: 1, B: 2, C: 3, D: 4, E: 5, F: 6, G: 7, H: 8,
  J: 1, K: 2, L: 3, M: 4, N: 5, P: 7, R: 9,
  S: 2, T: 3, U: 4, V: 5, W: 6, X: 7, Y: 8, Z: 9,
} // prettier-ignore

const WEIGHTS = [8, 7, 6, 5, 4, 3, 2, 10, 0, 9, 8, 7, 6, 5, 4, 3, 2]

// Position 10 cycles every 30 years; I, O, Q, U, Z and 0 are never used there.
const YEAR_CODES = 'ABCDEFGHJKLMNPRSTVWXY123456789'

export type VinProblem = 'empty' | 'length' | 'characters' | 'check-digit'

export type VinResult =
  | { ok: true; vin: string; modelYears: [number, number] }
  | { ok: false; problem: VinProblem; message: string }

/** What a person typed, as a VIN is written: capitals, no spaces or dashes. */
export function normalizeVin(input: string): string {
  return input.replace(/[\s-]+/g, '').toUpperCase()
}

function charValue(char: string): number | undefined {
  if (char >= '0' && char <= '9') return Number(char)
  return TRANSLITERATION[char]
}

/** The check digit the other 16 characters call for ('0'-'9' or 'X'), or null when a character is not allowed. */
export function vinCheckDigit(vin: string): string | null {
  if (vin.length !== VIN_LENGTH) return null
  let sum = 0
  for (let i = 0; i < VIN_LENGTH; i++) {
    const value = charValue(vin[i]!)
    if (value === undefined) return null
    sum += value * WEIGHTS[i]!
  }
  const remainder = sum % 11
  return remainder === 10 ? 'X' : String(remainder)
}

/**
 * The two model years position 10 can mean (30 years apart). Position 7 tells them apart for
 * passenger cars: a letter there means 2010 or later, a digit 1980-2009.
 */
export function vinModelYears(vin: string): [number, number] | null {
  const index = YEAR_CODES.indexOf(vin[9] ?? '')
  if (index < 0) return null
  return [1980 + index, 2010 + index]
}

/** One model year: position 7's reading, unless that year has not come yet (trucks and others don't follow it). */
export function vinModelYear(vin: string, today: Date = new Date()): number | null {
  const years = vinModelYears(vin)
  if (!years) return null
  const latest = today.getUTCFullYear() + 1
  const byPosition7 = /[A-Z]/.test(vin[6] ?? '') ? years[1] : years[0]
  return byPosition7 > latest ? years[0] : byPosition7
}

// Anything but text (a number or an object sent as JSON) is refused, not thrown on.
export function checkVin(input: unknown): VinResult {
  if (input == null) input = ''
  if (typeof input !== 'string') {
    return { ok: false, problem: 'characters', message: 'A VIN is written as text: 17 letters and digits.' }
  }
  const vin = normalizeVin(input)
  if (!vin) return { ok: false, problem: 'empty', message: 'Enter the VIN.' }
  if (vin.length !== VIN_LENGTH) {
    return {
      ok: false,
      problem: 'length',
      message: `A VIN has 17 characters; this one has ${vin.length}.`,
    }
  }
  if (!/^[A-HJ-NPR-Z0-9]{17}$/.test(vin)) {
    return {
      ok: false,
      problem: 'characters',
      message: 'A VIN has only letters and digits, never I, O or Q.',
    }
  }
  const expected = vinCheckDigit(vin)
  const years = vinModelYears(vin)
  if (expected === null || years === null) {
    return {
      ok: false,
      problem: 'characters',
      message: 'This VIN has a character that is not allowed where it is.',
    }
  }
  if (vin[8] !== expected) {
    return {
      ok: false,
      problem: 'check-digit',
      message: 'This VIN’s check digit (9th character) does not match: check it for a typo.',
    }
  }
  return { ok: true, vin, modelYears: years }
}
