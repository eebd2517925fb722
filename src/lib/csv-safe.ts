// Spreadsheet programs run a cell that begins with =, +, -, @, a tab or a carriage return
// as a formula (CSV injection): a customer could type `=HYPERLINK(...)` into the quote
// form and have it run on the owner's machine when the export is opened. OWASP's rule:
// such a cell gets a leading single quote, which the spreadsheet shows as text.
const FORMULA_START = /^[=+\-@\t\r]/

export function neutraliseCsvCell(value: unknown): unknown {
  return typeof value === 'string' && FORMULA_START.test(value) ? `'${value}` : value
}

export function neutraliseCsvRows(rows: Record<string, unknown>[]): Record<string, unknown>[] {
  return rows.map((row) =>
    Object.fromEntries(Object.entries(row).map(([key, value]) => [key, neutraliseCsvCell(value)])),
  )
}
