import { describe, expect, it } from 'vitest'

import { checkVin, normalizeVin, vinCheckDigit, vinModelYear } from '@/lib/vin'

// Real VINs (published examples and decoded cars), each with its model year.
const REAL_VINS: [vin: string, year: number][] = [
  ['1HGCM82633A004352', 2003], // Honda Accord
  ['1M8GDM9AXKP042788', 1989], // Motor Coach Industries: remainder 10, check digit X
  ['JH4KA7561PC008269', 1993], // Acura Legend
  ['3VWFE21C04M000001', 2004], // Volkswagen Jetta: check digit 0
  ['WP0AB2A93KS114315', 2019], // Porsche 911
  ['1N4AL3AP8JC231503', 2018], // Nissan Altima
]

describe('the VIN check digit', () => {
  it.each(REAL_VINS)('accepts %s and reads its model year', (vin, year) => {
    expect(vinCheckDigit(vin)).toBe(vin[8])
    expect(checkVin(vin)).toEqual({ ok: true, vin, modelYears: expect.any(Array) })
    expect(vinModelYear(vin, new Date('2026-11-27T00:00:00Z'))).toBe(year)
  })

  it.each(REAL_VINS)('refuses %s with any other check digit', (vin) => {
    for (const digit of '0123456789X') {
      if (digit === vin[8]) continue
      const wrong = vin.slice(0, 8) + digit + vin.slice(9)
      expect(checkVin(wrong)).toMatchObject({ ok: false, problem: 'check-digit' })
    }
  })

  it('refuses a typo elsewhere that the check digit catches', () => {
    // Position 12 of the Accord's VIN typed 1 instead of 0.
    const result = checkVin('1HGCM82633A104352')
    expect(result).toEqual({
      ok: false,
      problem: 'check-digit',
      message: 'This VIN’s check digit (9th character) does not match: check it for a typo.',
    })
  })
})

describe('the VIN form', () => {
  it('reads a VIN typed in lower case, with spaces or dashes', () => {
    expect(normalizeVin(' 1hgcm8 2633-a004352 ')).toBe('1HGCM82633A004352')
    expect(checkVin('1hgcm82633a004352')).toMatchObject({ ok: true, vin: '1HGCM82633A004352' })
  })

  it('refuses an empty VIN, a wrong length, and I, O or Q', () => {
    expect(checkVin('  ')).toMatchObject({ ok: false, problem: 'empty', message: 'Enter the VIN.' })
    expect(checkVin('1HGCM82633A00435')).toMatchObject({
      ok: false,
      problem: 'length',
      message: 'A VIN has 17 characters; this one has 16.',
    })
    expect(checkVin('1HGCM82633A0043521')).toMatchObject({ ok: false, problem: 'length' })
    for (const letter of 'IOQ') {
      expect(checkVin(`1HGCM82633A00${letter}352`)).toMatchObject({
        ok: false,
        problem: 'characters',
        message: 'A VIN has only letters and digits, never I, O or Q.',
      })
    }
    expect(checkVin('1HGCM82633A00$352')).toMatchObject({ ok: false, problem: 'characters' })
  })

  it('refuses a VIN sent as a number or an object, without throwing', () => {
    for (const sent of [123, {}, ['1HGCM82633A004352'], true])
      expect(checkVin(sent)).toMatchObject({
        ok: false,
        message: 'A VIN is written as text: 17 letters and digits.',
      })
    expect(checkVin(null)).toMatchObject({ ok: false, problem: 'empty' })
  })

  it('refuses a model-year code that is never used (U, Z, 0)', () => {
    // Position 10 as 0, with the check digit recomputed so only the year code is wrong.
    const base = '1HGCM82630A004352'
    const vin = base.slice(0, 8) + vinCheckDigit(base)! + base.slice(9)
    expect(checkVin(vin)).toMatchObject({ ok: false, problem: 'characters' })
  })

  it('reads a year whose position-7 reading lies ahead as the earlier one', () => {
    // Position 7 a letter would mean 2033 for code 3; in 2026 that is the 2003 car.
    const vin = '1HGCM8A633A004352'
    expect(vinModelYear(vin, new Date('2026-01-01T00:00:00Z'))).toBe(2003)
    expect(vinModelYear(vin, new Date('2032-06-01T00:00:00Z'))).toBe(2033)
  })
})
