import { csvRows } from '../../src/lib/csv-rows'

// Each row of a CSV file as its cells by header, the way a spreadsheet's columns are read. The byte
// order mark a spreadsheet needs to read UTF-8 is dropped (fetch's text() drops it already).
export function csvRecords(text: string): Record<string, string>[] {
  const [header = [], ...rows] = csvRows(text.replace(/^\uFEFF/, ''))
  return rows.map((row) => Object.fromEntries(header.map((name, i) => [name, row[i]])))
}

export function csvHeader(text: string): string[] {
  return csvRows(text.replace(/^\uFEFF/, ''))[0] ?? []
}
