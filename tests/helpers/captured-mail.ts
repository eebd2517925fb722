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
    .map((file) => decodeQuotedPrintable(fs.readFileSync(path.join(dir, file), 'utf8')))
    .filter((mail) => mail.includes(to))
}

function decodeQuotedPrintable(raw: string): string {
  const joined = raw.replace(/=\r?\n/g, '')
  return joined.replace(/(?:=[0-9A-F]{2})+/g, (run) =>
    Buffer.from(run.replace(/=/g, ''), 'hex').toString('utf8'),
  )
}
