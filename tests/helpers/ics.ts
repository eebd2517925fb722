// Reads an .ics as a calendar does (RFC 5545; no iCalendar parser is installed here): lines
// unfolded, then a property's TEXT value unescaped.

export function unfoldedLines(ics: string): string[] {
  return ics.replace(/\r?\n[ \t]/g, '').split(/\r?\n/)
}

/** The raw value of the first `name` property (parameters allowed), as written. */
export function rawProperty(ics: string, name: string): string | undefined {
  const line = unfoldedLines(ics).find((l) => l.startsWith(`${name}:`) || l.startsWith(`${name};`))
  if (line === undefined) return undefined
  // Parameter values may be quoted; the value begins after the first colon outside quotes.
  let quoted = false
  for (let i = 0; i < line.length; i++) {
    if (line[i] === '"') quoted = !quoted
    else if (line[i] === ':' && !quoted) return line.slice(i + 1)
  }
  return undefined
}

/** A TEXT property's value: \\, \; \, and \n (or \N) read back. */
export function textProperty(ics: string, name: string): string | undefined {
  const raw = rawProperty(ics, name)
  return raw?.replace(/\\([\\;,nN])/g, (_, c: string) => (c === 'n' || c === 'N' ? '\n' : c))
}
