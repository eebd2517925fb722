// The owner's alerts (texts to the notification phones, e-mails to the notification addresses)
// about what needs them: what a visitor typed is never relayed as a link or an address the
// owner's phone would open, and never at length. Pure: no I/O.

export const LINK_PLACEHOLDER = '[link]'
/** How much of what a visitor typed an alert quotes. */
export const ALERT_EXCERPT_MAX = 100
/** How long the alert's line about the event may be, names and quote included. */
export const ALERT_LINE_MAX = 200
/** A burst of texts from one customer alerts the owner once per this many minutes. */
export const REPLY_ALERT_MINUTES = 5

// Anything a phone or mail client would make a link of: an address with a scheme, "www.",
// an e-mail address, a bare domain ("evil.example/x"), an IP address. A false positive ("rim.So")
// costs a word; a miss lets a stranger write a link from the business's own number.
// A link's tail ends at a space or a quote, so the alert's own quotes stay.
const TAIL = `[^\\s"'<>]*`
const LINKS = [
  new RegExp(`[a-z][a-z0-9+.-]*://${TAIL}`, 'gi'),
  new RegExp(`\\bwww\\.${TAIL}`, 'gi'),
  /[^\s@<>"'()[\]]+@[^\s@<>"'()[\]]+/g,
  new RegExp(`\\b\\d{1,3}(?:\\.\\d{1,3}){3}(?::\\d+)?(?:[/?#]${TAIL})?`, 'g'),
  new RegExp(
    `\\b(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\\.)+[a-z][a-z0-9-]*[a-z0-9](?::\\d+)?(?:[/?#]${TAIL})?`,
    'gi',
  ),
]

// Line breaks and controls read as spaces; invisible characters (which could split a link from
// the patterns' sight, not from the phone's) go.
const CONTROL = /[\u0000-\u001F\u007F-\u009F\u2028\u2029]+/g
// Full-width letters and look-alike dots and slashes read as ASCII to the linkers.
const FULL_WIDTH = /[\uFF01-\uFF5E]/g
const DOTS = /[\u2024\u3002\uFE52\uFF61]/g
const SLASHES = /[\u2044\u2215\u29F8]/g
const INVISIBLE = /[\u00AD\u200B-\u200F\u202A-\u202E\u2060-\u2064\u2066-\u2069\uFEFF]/g

/** Links and addresses become "[link]"; on one line, without control or invisible characters. */
export function withoutLinks(text: string | null | undefined): string {
  let out = (text ?? '')
    .replace(FULL_WIDTH, (c) => String.fromCharCode(c.charCodeAt(0) - 0xfee0))
    .replace(DOTS, '.')
    .replace(SLASHES, '/')
    .replace(INVISIBLE, '')
    .replace(CONTROL, ' ')
  for (const pattern of LINKS) out = out.replace(pattern, LINK_PLACEHOLDER)
  return out.replace(/\s+/g, ' ').trim()
}

/** What a visitor typed, as an alert quotes it: without links or addresses, cut short. */
export function alertExcerpt(text: string | null | undefined, max = ALERT_EXCERPT_MAX): string {
  const clean = withoutLinks(text)
  if (clean.length <= max) return clean
  // Cut after the links went (no half link is left to dodge them), then checked once more.
  return `${withoutLinks(clean.slice(0, max - 1))}…`
}

/** The alert: one line about the event (cleaned, cut), then the back office's page to open. */
export function ownerAlertText(about: string, link: string): string {
  return `${alertExcerpt(about, ALERT_LINE_MAX)}\n${link}`
}
