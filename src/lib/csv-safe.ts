// CSV injection: spreadsheets run a cell starting with these as a formula; OWASP's fix is a leading quote.
const FORMULA_START = /^[=+\-@\t\r]/

export function neutraliseCsvCell(value: unknown): unknown {
  return typeof value === 'string' && FORMULA_START.test(value) ? `'${value}` : value
}

export function neutraliseCsvRows(rows: Record<string, unknown>[]): Record<string, unknown>[] {
  return rows.map((row) =>
    Object.fromEntries(Object.entries(row).map(([key, value]) => [key, neutraliseCsvCell(value)])),
  )
}

/** A CSV cell, quoted when it holds a comma, a quote or a line break. */
export function csvCell(value: unknown): string {
  const text = String(value ?? '')
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text
}
