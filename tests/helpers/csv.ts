import { parse } from 'csv-parse/sync'

// Every CSV is read as a strict RFC 4180 reader reads it: records end in CRLF (a bare LF is data,
// so an LF file reads as one long record), every record has the header's cells, a quote only
// around a whole cell. The byte order mark is dropped (fetch's text() drops it already).
export function strictCsv(text: string): string[][] {
  return parse(text, {
    bom: true,
    record_delimiter: '\r\n',
    relax_column_count: false,
    relax_quotes: false,
    skip_empty_lines: false,
  }) as string[][]
}

/** A downloaded file's bytes, held to the product's convention: BOM, CRLF, a last CRLF. */
export function conventionalCsv(bytes: Buffer): string[][] {
  const text = bytes.toString('utf8')
  if (!text.startsWith('\uFEFF')) throw new Error('The CSV does not start with a UTF-8 byte order mark.')
  if (!text.endsWith('\r\n')) throw new Error('The CSV does not end its last record with CRLF.')
  return strictCsv(text)
}

// Each row of a CSV file as its cells by header, the way a spreadsheet's columns are read.
export function csvRecords(text: string): Record<string, string>[] {
  const [header = [], ...rows] = strictCsv(text)
  return rows.map((row) => Object.fromEntries(header.map((name, i) => [name, row[i]])))
}

export function csvHeader(text: string): string[] {
  return strictCsv(text)[0] ?? []
}
