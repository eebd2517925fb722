// A page cannot choose its status, so a customer's link (a quote's, an invoice's pay link, a
// visit's) is checked in src/proxy.ts, which can answer 429 (over the limit) or 404 (no such
// link) while the page draws what it says. The
// proxy runs in the server's process but cannot load Payload: instrumentation.ts installs the
// check here, and the proxy tells the page what it found in a request header signed with a
// secret of this process (a client cannot forge it). No imports: the proxy's bundle stays
// free of Payload and the database.

export type CustomerLinkVerdict = 'allowed' | 'over' | 'missing'
export type CustomerLinkCheck = (
  headers: Headers,
  token: string,
) => Promise<{ verdict: CustomerLinkVerdict; retryAfterSeconds: number }>

export const CUSTOMER_LINK_HEADER = 'x-curbside-customer-link'

// Each kind of link (/quote/, /pay/, /visit/<token>) with a check of its own.
export type CustomerLinkKind = 'quote' | 'pay' | 'visit'

const GATE = Symbol.for('curbside.customerLinkGate')
type Gate = { check: CustomerLinkCheck; proof: string }
const registry = globalThis as { [GATE]?: Partial<Record<CustomerLinkKind, Gate>> }

export function installCustomerLinkGate(check: CustomerLinkCheck, kind: CustomerLinkKind): void {
  registry[GATE] = { ...registry[GATE], [kind]: { check, proof: crypto.randomUUID() } }
}

/** Checks (and counts) the request; null while no check is installed. */
export async function checkCustomerLinkRequest(headers: Headers, token: string, kind: CustomerLinkKind) {
  const gate = registry[GATE]?.[kind]
  if (!gate) return null
  const { verdict, retryAfterSeconds } = await gate.check(headers, token)
  return { verdict, retryAfterSeconds, header: `${gate.proof} ${verdict}` }
}

const VERDICTS: readonly string[] = ['allowed', 'over', 'missing'] satisfies CustomerLinkVerdict[]

/** What the proxy found for this request; null when it found nothing (the page then checks). */
export function customerLinkVerdict(headers: Headers, kind: CustomerLinkKind): CustomerLinkVerdict | null {
  const gate = registry[GATE]?.[kind]
  const [proof, verdict] = (headers.get(CUSTOMER_LINK_HEADER) ?? '').split(' ')
  if (!gate || proof !== gate.proof || !VERDICTS.includes(verdict)) return null
  return verdict as CustomerLinkVerdict
}
