import { describe, expect, it } from 'vitest'

import { csvAmount, csvFile, csvIdentifier, rewriteCsv } from '@/lib/csv'

import { conventionalCsv, strictCsv } from '../helpers/csv'

describe("the product's one CSV writer", () => {
  const file = csvFile(
    ['Customer', 'Stock number', 'Amount', 'Note'],
    [
      ['Lucía Peña', csvIdentifier('004417'), csvAmount(-5_000), 'Two lines,\r\nand "quotes"'],
      [null, csvIdentifier(null), csvAmount(null), 3],
    ],
  )

  it('starts with a byte order mark and ends every record, the last too, with CRLF', () => {
    expect(file.startsWith('\uFEFFCustomer,Stock number,Amount,Note\r\n')).toBe(true)
    expect(file.endsWith(',,,3\r\n')).toBe(true)
    expect(file.replace(/"[^"]*(""[^"]*)*"/g, '').match(/\n/g)).toHaveLength(3)
    expect(file.replace(/"[^"]*(""[^"]*)*"/g, '').match(/\r\n/g)).toHaveLength(3)
  })

  it('reads back whole in a strict RFC 4180 reader: identifiers keep their zeros, amounts their sign', () => {
    expect(conventionalCsv(Buffer.from(file, 'utf8'))).toEqual([
      ['Customer', 'Stock number', 'Amount', 'Note'],
      ['Lucía Peña', '004417', '-50.00', 'Two lines,\r\nand "quotes"'],
      ['', '', '', '3'],
    ])
  })

  it('quotes every identifier, so readers that honour quotes take it as text', () => {
    expect(file.split('\r\n')[1]).toMatch(/^Lucía Peña,"004417",-50.00,/)
  })

  it('guards what people typed, identifiers too, from running as formulas, and leaves amounts alone', () => {
    const rows = strictCsv(csvFile(['A', 'B', 'C'], [['=1+1', csvIdentifier('+15125550100'), csvAmount(-1)]]))
    expect(rows[1]).toEqual(["'=1+1", "'+15125550100", '-0.01'])
  })

  it('refuses a row that does not fit the header', () => {
    expect(() => csvFile(['A', 'B'], [['only one']])).toThrow(/1 cells for 2 columns/)
  })

  it("writes another writer's LF file again in the convention, the named columns as identifiers", () => {
    const again = rewriteCsv('\uFEFFName,ZIP code\n"Doe, Jo","07001"\nNg,78701\n', new Set(['ZIP code']))
    expect(again).toBe('\uFEFFName,ZIP code\r\n"Doe, Jo","07001"\r\nNg,"78701"\r\n')
  })
})
