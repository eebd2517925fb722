import { describe, expect, it } from 'vitest'

import { csvAmount, csvIdentifier } from '@/lib/csv'
import { xlsxFile } from '@/lib/xlsx'

import { xlsxRows } from '../helpers/xlsx'

describe('the Excel workbook writer', () => {
  it('stores identifiers and typed text as text, amounts and numbers as numbers, blanks as empty', async () => {
    const bytes = await xlsxFile(
      'Statement',
      ['Customer', 'Stock number', 'Amount', 'Note', 'Count'],
      [
        ['Nguyễn Auto Group', csvIdentifier('004417'), csvAmount(-5_000), '=HYPERLINK("x")', 3],
        [null, csvIdentifier(null), csvAmount(null), '', 0],
        ['Lucía Peña', csvIdentifier(4417), csvAmount(123_456_789), '+1 512 555 0100', null],
      ],
    )
    expect(await xlsxRows(bytes)).toEqual([
      ['Customer', 'Stock number', 'Amount', 'Note', 'Count'],
      ['Nguyễn Auto Group', '004417', -50, '=HYPERLINK("x")', 3],
      [null, null, null, null, 0],
      ['Lucía Peña', '4417', 1_234_567.89, '+1 512 555 0100', null],
    ])
  })

  it('refuses a row that does not fit the header', async () => {
    await expect(xlsxFile('Sheet', ['A', 'B'], [['only one']])).rejects.toThrow(
      'A sheet row has 1 cells for 2 columns.',
    )
  })
})
