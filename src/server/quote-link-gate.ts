// A page cannot choose its status, so a quote link is checked in src/proxy.ts, which can
// answer 429 (over the limit) or 404 (no such quote) while the page draws what it says. The
// proxy runs in the server's process but cannot load Payload: instrumentation.ts installs the
// check here, and the proxy tells the page what it found in a request header signed with a
// secret of this process (a client cannot forge it). No imports: the proxy's bundle stays
// free of Payload and the database.

export type QuoteLinkVerdict = 'allowed' | 'over' | 'missing'
export type QuoteLinkCheck = (
  headers: Headers,
  token: string,
) => Promise<{ verdict: QuoteLinkVerdict; retryAfterSeconds: number }>

export const QUOTE_LINK_HEADER = 'x-curbside-quote-link'

// An invoice's pay link (/pay/<token>) and a visit's link (/visit/<token>) are gated the same
// way, each with a check of its own.
export type CustomerLinkKind = 'quote' | 'pay' | 'visit'

const GATE = Symbol.for('curbside.quoteLinkGate')
type Gate = { check: QuoteLinkCheck; proof: string }
const registry = globalThis as { [GATE]?: Partial<Record<CustomerLinkKind, Gate>> }

export function installQuoteLinkGate(check: QuoteLinkCheck, kind: CustomerLinkKind = 'quote'): void {
  registry[GATE] = { ...registry[GATE], [kind]: { check, proof: crypto.randomUUID() } }
}

/** Checks (and counts) the request; null while no check is installed. */
export async function checkQuoteLinkRequest(
  headers: Headers,
  token: string,
  kind: CustomerLinkKind = 'quote',
) {
  const gate = registry[GATE]?.[kind]
  if (!gate) return null
  const { verdict, retryAfterSeconds } = await gate.check(headers, token)
  return { verdict, retryAfterSeconds, header: `${gate.proof} ${verdict}` }
}

const VERDICTS: readonly string[] = ['allowed', 'over', 'missing'] satisfies QuoteLinkVerdict[]

/** What the proxy found for this request; null when it found nothing (the page then checks). */
export function quoteLinkVerdict(
  headers: Headers,
  kind: CustomerLinkKind = 'quote',
): QuoteLinkVerdict | null {
  const gate = registry[GATE]?.[kind]
  const [proof, verdict] = (headers.get(QUOTE_LINK_HEADER) ?? '').split(' ')
  if (!gate || proof !== gate.proof || !VERDICTS.includes(verdict)) return null
  return verdict as QuoteLinkVerdict
}
