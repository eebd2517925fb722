import fs from 'node:fs'
import path from 'node:path'

import { decodeQuotedPrintable } from '../../tests/helpers/captured-mail'
import { QUOTE_LINES, QUOTED_LEAD } from '../../tests/helpers/quote-fixtures'
import { adminAuthorization } from './auth'

// A priced quote as its customer gets it: written on a lead and sent by the owner through
// the REST API (as Lead Management does), the link read from the e-mail the job queue sends.

type QuoteData = { lead: number; lines: readonly Record<string, unknown>[]; note?: string }

async function staffPost(url: string, authorization: string, body?: unknown) {
  const res = await fetch(url, {
    method: 'POST',
    headers: { Authorization: authorization, 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  const text = await res.text()
  if (!res.ok) throw new Error(`POST ${new URL(url).pathname} answered ${res.status}: ${text.slice(0, 300)}`)
  return JSON.parse(text) as { doc?: { id: number } }
}

/** Writes the quote and sends it to the lead's customer; the quote's id. */
export async function sendNewQuote(url: string, authorization: string, data: QuoteData): Promise<number> {
  const { doc } = await staffPost(`${url}/api/quotes?depth=0`, authorization, data)
  await staffPost(`${url}/api/quotes/${doc!.id}/send`, authorization)
  return doc!.id
}

/** The path of the quote link in a raw e-mail (`/quote/<token>`), or null. */
export function quoteLinkPath(raw: string): string | null {
  return /\/quote\/[A-Za-z0-9_-]{24}\.[A-Za-z0-9_-]{24}/.exec(decodeQuotedPrintable(raw))?.[0] ?? null
}

/**
 * The link of a quote sent now to a new lead of the server at `url`, from the e-mail the
 * server wrote to DATA_DIR/mail (benchmark servers have no SMTP_HOST).
 */
export async function sentQuotePath(url: string, timeoutMs = 60_000): Promise<string> {
  const authorization = await adminAuthorization(url)
  const email = `bench-quote-${Date.now()}@example.com`
  const { doc: lead } = await staffPost(`${url}/api/leads?depth=0`, authorization, { ...QUOTED_LEAD, email })
  await sendNewQuote(url, authorization, {
    lead: lead!.id,
    lines: QUOTE_LINES,
    note: 'Includes colour matching to the factory silver.',
  })
  const dir = path.join(path.resolve(process.env.DATA_DIR || '.data'), 'mail')
  // The queue sends it on one of its next ticks (every 10 s).
  for (const deadline = Date.now() + timeoutMs; Date.now() < deadline;) {
    for (const file of fs.existsSync(dir) ? fs.readdirSync(dir) : []) {
      if (!file.endsWith('.eml')) continue
      const raw = fs.readFileSync(path.join(dir, file), 'latin1')
      const link = raw.includes(email) && raw.includes('Subject: Your quote from') ? quoteLinkPath(raw) : null
      if (link) return link
    }
    await new Promise((resolve) => setTimeout(resolve, 500))
  }
  throw new Error(`the quote e-mail to ${email} was not in ${dir} within ${timeoutMs / 1000} s`)
}
