import { DEV_ADMIN } from '../../src/seed/dev-admin'
import type { RunningServer } from '../lib/server'
import { percentile, round } from '../lib/stats'
import {
  QUOTE_PATH,
  RecordingSmtp,
  formOf,
  latency,
  requestFields,
  runTag,
  send,
  serverLogFile,
  sleep,
  startDrillServer,
  tally,
  unhandledFailures,
} from './lib'
import type { DrillResult, Outcome } from './lib'

// A stranger leaning on the public doors of one production server (it trusts one proxy
// hop, so each request names its client in X-Forwarded-For):
// 1. 200 wrong passwords for the owner from 20 addresses, spread over DOORS_SPREAD_SECONDS
//    (120); then the owner signs in at once from a new address.
// 2. Logins with a wrong password for the owner and for unknown addresses, alternating:
//    the two answers take about as long (medians within a factor of 2).
// 3. 100 quote requests naming one victim's address, from 100 addresses: the business hears
//    of each, the victim gets at most one confirmation.
const ADDRESSES = 20
const GUESSES = 200
const TIMING_PAIRS = 20
const QUOTES = 100

export async function doorsDrill(): Promise<DrillResult> {
  const failures: string[] = []
  const spreadMs = Number(process.env.DOORS_SPREAD_SECONDS || 120) * 1000
  const tag = runTag('doors')
  const victim = `${tag}-victim@example.com`
  const smtp = new RecordingSmtp()
  const logFile = serverLogFile('doors')
  let server: RunningServer | null = null
  const figures: Record<string, unknown> = {}
  try {
    const smtpPort = await smtp.start()
    server = await startDrillServer(logFile, {
      TRUSTED_PROXY_HOPS: '1',
      SMTP_HOST: '127.0.0.1',
      SMTP_PORT: String(smtpPort),
      SMTP_SECURE: 'false',
    })
    const url = server.url
    const login = (email: string, password: string, client: string) =>
      send(`${url}/api/users/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': client },
        body: JSON.stringify({ email, password }),
      })

    // 1. Guessing at the owner's account from 20 addresses.
    const guesses: Outcome[] = []
    const started = Date.now()
    for (let n = 0; n < GUESSES; n++) {
      const due = started + (n * spreadMs) / GUESSES
      await sleep(Math.max(0, due - Date.now()))
      guesses.push(await login(DEV_ADMIN.email, `${tag}-guess-${n}`, `198.18.${n % ADDRESSES}.7`))
    }
    const owner = await login(DEV_ADMIN.email, DEV_ADMIN.password, '198.18.200.1')
    const guessStatuses = tally(guesses.map((o) => o.status ?? `no answer (${o.error})`))
    if (guesses.some((o) => o.status !== 401 && o.status !== 429))
      failures.push(`guesses were answered other than 401/429: ${JSON.stringify(guessStatuses)}`)
    if (owner.status !== 200)
      failures.push(`the owner could not sign in afterwards: ${owner.status} ${owner.body}`)
    Object.assign(figures, {
      guesses: GUESSES,
      fromAddresses: ADDRESSES,
      overSeconds: round((Date.now() - started) / 1000),
      guessStatuses,
      ownerSignIn: `${owner.status} in ${round(owner.ms)} ms`,
    })

    // 2. Wrong password for the owner against unknown addresses.
    const known: number[] = []
    const unknown: number[] = []
    for (let n = 0; n < TIMING_PAIRS; n++) {
      known.push((await login(DEV_ADMIN.email, `${tag}-wrong-${n}`, `198.18.201.${n}`)).ms)
      unknown.push((await login(`${tag}-nobody-${n}@example.com`, `${tag}-wrong-${n}`, `198.18.202.${n}`)).ms)
    }
    const ratio = percentile(unknown, 50) / percentile(known, 50)
    if (!(ratio > 0.5 && ratio < 2))
      failures.push(`unknown addresses answer in ${round(ratio)}× the time of known ones (medians)`)
    Object.assign(figures, {
      wrongPasswordMs: latency(known),
      unknownAddressMs: latency(unknown),
      unknownToKnownMedian: round(ratio),
    })

    // 3. Quote requests naming one victim.
    const quotes = await Promise.all(
      Array.from({ length: QUOTES }, (_, n) => {
        const form = formOf({ ...requestFields(tag, n), email: victim, firstName: 'Visit evil.example' })
        return send(`${url}${QUOTE_PATH}`, {
          method: 'POST',
          headers: { 'x-forwarded-for': `198.19.${Math.floor(n / 250)}.${n % 250}` },
          body: form,
        })
      }),
    )
    const quoteStatuses = tally(quotes.map((o) => o.status ?? `no answer (${o.error})`))
    if (quotes.some((o) => o.status !== 201))
      failures.push(`quote requests answered ${JSON.stringify(quoteStatuses)}`)
    const about = (audience: string) =>
      smtp.received.filter((m) =>
        audience === 'business'
          ? (m.headers['reply-to'] ?? '').includes(victim)
          : m.to.includes(victim) && (m.headers.subject ?? '').startsWith('We received your'),
      ).length
    const deadline = Date.now() + 180_000
    while (about('business') < QUOTES && Date.now() < deadline) await sleep(1000)
    await sleep(3000)
    if (about('business') !== QUOTES) failures.push(`${about('business')} business e-mails of ${QUOTES}`)
    if (about('customer') > 1) failures.push(`the victim received ${about('customer')} confirmations`)
    Object.assign(figures, {
      quoteRequests: QUOTES,
      quoteStatuses,
      businessEmails: about('business'),
      confirmationsToVictim: about('customer'),
    })
  } finally {
    await server?.stop()
    await smtp.stop()
  }
  failures.push(...unhandledFailures(logFile))
  return { failures, figures }
}
