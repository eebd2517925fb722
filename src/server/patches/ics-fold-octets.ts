// Workaround: `ics` 3.12 folds content lines every 75 characters (code points), where RFC 5545
// (3.1) counts octets, so an accented name or address makes a line of more than 75 octets.
// Its output is unfolded and folded again by octets, never inside a character.
// Upstream: https://github.com/adamgibbons/ics/blob/master/src/utils/fold-line.js (3.12.0), no
// issue filed. Remove when `ics` folds by octets: tests/unit/visit-invitation.unit.spec.ts says when.
const LIMIT = 75

function foldLine(line: string): string {
  const parts: string[] = []
  let part = ''
  let octets = 0
  for (const char of line) {
    const size = Buffer.byteLength(char)
    // A continuation starts with one space, which counts towards its 75.
    const room = parts.length === 0 ? LIMIT : LIMIT - 1
    if (octets + size > room) {
      parts.push(part)
      part = ''
      octets = 0
    }
    part += char
    octets += size
  }
  parts.push(part)
  return parts.join('\r\n ')
}

export function foldByOctets(ics: string): string {
  return ics
    .replace(/\r\n[ \t]/g, '')
    .split('\r\n')
    .map(foldLine)
    .join('\r\n')
}
