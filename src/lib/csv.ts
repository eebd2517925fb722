import { parse } from 'csv-parse/sync'

import { neutraliseCsvCell } from './csv-safe'
import { formatMoney } from './money'

// Every CSV the product hands out is written here, one way: UTF-8 with a byte order mark (without
// it Excel reads UTF-8 as the PC's code page: "LucÃ­a"), CRLF after every record (RFC 4180), one
// header row, then data rows only: totals belong in the PDF, a sum row among data is counted twice.

/** A cell: text people typed (made safe from formulas), a number, or one of the kinds below. */
export type CsvValue = string | number | null | undefined | CsvAmount | CsvIdentifier

type CsvAmount = { readonly csv: 'amount'; readonly cents: number | null | undefined }
type CsvIdentifier = { readonly csv: 'identifier'; readonly value: string | number | null | undefined }

/** Dollars and cents, a refund or credit negative: ours, so its '-' is a sign, not a formula. */
export const csvAmount = (cents: number | null | undefined): CsvAmount => ({ csv: 'amount', cents })

/**
 * A stock number, VIN, PO, RO, phone or document number: always quoted text, never altered.
 * Why not ="004417", a leading apostrophe or a tab, which make Excel's double-click keep the
 * zeros? Each puts characters into the value that every other reader (QuickBooks, Python's csv,
 * csv-parse, Excel's own Data > From Text/CSV) then keeps, and the first is a formula. The
 * quoted value is what strict readers take as text; Excel keeps it whole when the file is opened
 * through Data > From Text/CSV with the column as Text, or with "Remove leading zeros and convert
 * to number" off under File > Options > Data > Automatic data conversion (Microsoft 365).
 */
export const csvIdentifier = (value: string | number | null | undefined): CsvIdentifier => ({
  csv: 'identifier',
  value,
})

export const CSV_BOM = '\uFEFF'
const EOL = '\r\n'

const quote = (text: string) => `"${text.replace(/"/g, '""')}"`
const quoteIfNeeded = (text: string) => (/[",\r\n]/.test(text) ? quote(text) : text)

function cell(value: CsvValue): string {
  if (value == null) return ''
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : ''
  if (typeof value === 'string') return quoteIfNeeded(String(neutraliseCsvCell(value)))
  if (value.csv === 'amount') return value.cents == null ? '' : formatMoney(value.cents, 'sheet')
  return value.value == null || value.value === ''
    ? ''
    : quote(String(neutraliseCsvCell(String(value.value))))
}

/** The whole file: byte order mark, header, rows, each ended by CRLF. */
export function csvFile(header: readonly string[], rows: readonly (readonly CsvValue[])[]): string {
  for (const row of rows) {
    if (row.length !== header.length)
      throw new Error(`A CSV row has ${row.length} cells for ${header.length} columns.`)
  }
  const lines = [header.map(quoteIfNeeded).join(','), ...rows.map((row) => row.map(cell).join(','))]
  return CSV_BOM + lines.map((line) => line + EOL).join('')
}

/**
 * A CSV written by other code (the lead export plugin writes LF and cannot be told otherwise),
 * read strictly and written again in the product's convention; the named columns as identifiers.
 */
export function rewriteCsv(text: string, identifierColumns: ReadonlySet<string> = new Set()): string {
  const [header = [], ...rows] = parse(text, { bom: true, relax_column_count: false }) as string[][]
  const ids = header.map((name) => identifierColumns.has(name))
  return csvFile(
    header,
    rows.map((row) => row.map((value, i) => (ids[i] ? csvIdentifier(value) : value))),
  )
}
