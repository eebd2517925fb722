import writeXlsxFile, { type Cell } from 'write-excel-file/node'

import type { CsvValue } from './csv'

// The same rows as a CSV, as an Excel workbook, for the readers who open files by double-clicking
// them: a CSV carries no types, so Excel turns stock "004417" into 4417 whatever the quoting. Here
// identifiers are text cells (format "@", so an edit keeps them text), amounts are numbers in
// dollars, and what people typed is a text cell, which Excel never runs as a formula.

export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'

const TEXT = '@'
const DOLLARS = '#,##0.00'

function xlsxCell(value: CsvValue): Cell {
  if (value == null || value === '') return null
  if (typeof value === 'number') return Number.isFinite(value) ? value : null
  if (typeof value === 'string') return { type: String, value }
  if (value.csv === 'amount')
    return value.cents == null ? null : { type: Number, value: value.cents / 100, format: DOLLARS }
  return value.value == null || value.value === ''
    ? null
    : { type: String, value: String(value.value), format: TEXT }
}

/** One sheet: a bold header row kept in view, then the rows; the file's bytes. */
export async function xlsxFile(
  sheet: string,
  header: readonly string[],
  rows: readonly (readonly CsvValue[])[],
): Promise<Buffer> {
  for (const row of rows) {
    if (row.length !== header.length)
      throw new Error(`A sheet row has ${row.length} cells for ${header.length} columns.`)
  }
  const data = [
    header.map((value) => ({ type: String, value, fontWeight: 'bold' as const })),
    ...rows.map((row) => row.map(xlsxCell)),
  ]
  return writeXlsxFile(data, { sheet, stickyRowsCount: 1 }).toBuffer()
}
