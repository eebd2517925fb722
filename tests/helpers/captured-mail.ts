import fs from 'node:fs'
import path from 'node:path'

// E-mails the production server of the e2e suite captured (no SMTP_HOST: each message is
// written to DATA_DIR/mail, see src/email/adapter.ts), newest first, with quoted-printable
// bodies decoded so a test reads what a person would.
export function capturedMails(to: string): string[] {
  const dir = path.join(process.env.DATA_DIR || '.data', 'mail')
  if (!fs.existsSync(dir)) return []
  return fs
    .readdirSync(dir)
    .sort()
    .reverse()
    .map((file) => decodeMail(fs.readFileSync(path.join(dir, file), 'utf8')))
    .filter((mail) => mail.includes(to))
}

/**
 * A captured message with its body's quoted-printable decoded. Its headers are left as sent:
 * they are never quoted-printable, and a link there ("…&t=4Fa…") would lose "=4F" to the
 * decoding, one signature in sixteen.
 */
export function decodeMail(raw: string): string {
  const end = raw.search(/\r?\n\r?\n/)
  return end < 0 ? raw : raw.slice(0, end) + decodeQuotedPrintable(raw.slice(end))
}

export function decodeQuotedPrintable(raw: string): string {
  const joined = raw.replace(/=\r?\n/g, '')
  return joined.replace(/(?:=[0-9A-F]{2})+/g, (run) =>
    Buffer.from(run.replace(/=/g, ''), 'hex').toString('utf8'),
  )
}

/** A header of a captured mail, unfolded: a long subject is sent over several lines. */
export function headerOf(mail: string, name: string): string | null {
  const head = mail.slice(0, Math.max(0, mail.search(/\r?\n\r?\n/)))
  const found = new RegExp(`^${name}: (.*(?:\\r?\\n[ \\t].*)*)`, 'im').exec(head)
  return found ? found[1].replace(/\r?\n(?=[ \t])/g, '') : null
}

/** The text of a captured mail's first attachment of a content type (base64 decoded). */
export function attachmentOf(mail: string, contentType: string): string | null {
  return attachmentBytesOf(mail, contentType)?.toString('utf8') ?? null
}

/** The attachment's bytes, for a binary file (a workbook). */
export function attachmentBytesOf(mail: string, contentType: string): Buffer | null {
  // A boundary line may follow a base64 part's last "=" with no line break (the decoding joined
  // them), so it is found by its leading "--" and unbroken run of characters, not by its line.
  for (const part of mail.split(/--[^\s"]+\r?\n/)) {
    const [folded, ...body] = part.split(/\r?\n\r?\n/)
    // A long Content-Type (a workbook's) is folded onto the next line.
    const head = folded.replace(/\r?\n[ \t]+/g, ' ')
    if (!new RegExp(`Content-Type: ${contentType.replace(/[.+]/g, '\\$&')}`, 'i').test(head)) continue
    const content = body.join('\n\n').trim()
    if (!/Content-Transfer-Encoding: base64/i.test(head)) return Buffer.from(content, 'utf8')
    // Its base64 up to the boundary that closes it (joined on, as above: cut there).
    const base64 = /^[A-Za-z0-9+/=\s]*/.exec(content)![0].replace(/\s+/g, '')
    return Buffer.from(base64, 'base64')
  }
  return null
}

/** The newest captured new-lead e-mail to the business about this customer's address, or ''. */
export function newLeadMail(customerEmail: string): string {
  return capturedMails(customerEmail).find((m) => m.includes('Subject: New quote request')) ?? ''
}

/** The back-office link a new-lead e-mail gives for its lead's job page, or null. */
export function leadLinkOf(mail: string): URL | null {
  const href = /href="([^"]*\/admin\/collections\/leads\/\d+)"/.exec(mail)?.[1]
  return href ? new URL(href) : null
}
