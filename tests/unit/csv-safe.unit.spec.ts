import { describe, expect, it } from 'vitest'

import { neutraliseCsvCell, neutraliseCsvRows } from '@/lib/csv-safe'

describe('CSV cells that a spreadsheet would run', () => {
  for (const start of ['=', '+', '-', '@', '\t', '\r']) {
    it(`quotes a cell starting with ${JSON.stringify(start)}`, () => {
      expect(neutraliseCsvCell(`${start}HYPERLINK("https://e.test","x")`)).toBe(
        `'${start}HYPERLINK("https://e.test","x")`,
      )
    })
  }

  it('leaves other text, numbers, booleans and empty values alone', () => {
    expect(neutraliseCsvCell('Rim rash on = front wheel')).toBe('Rim rash on = front wheel')
    expect(neutraliseCsvCell('')).toBe('')
    expect(neutraliseCsvCell(-5)).toBe(-5)
    expect(neutraliseCsvCell(true)).toBe(true)
    expect(neutraliseCsvCell(null)).toBe(null)
    expect(neutraliseCsvCell(undefined)).toBe(undefined)
  })

  it('neutralises every cell of every row and keeps the columns', () => {
    expect(
      neutraliseCsvRows([
        { id: 1, firstName: '=1+1', lastName: 'Ng' },
        { id: 2, firstName: '@SUM(A1)' },
      ]),
    ).toEqual([
      { id: 1, firstName: "'=1+1", lastName: 'Ng' },
      { id: 2, firstName: "'@SUM(A1)" },
    ])
  })
})
