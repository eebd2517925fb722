import { adminAuthorization } from '../lib/auth'
import { percentile, round } from '../lib/stats'
import { phonePhoto } from '../lib/photos'
import type { RunningServer } from '../lib/server'
import { startServer } from '../lib/server'
import { startFakeTwilio } from '../../tests/helpers/twilio-server'
import { TEXT_WEBHOOKS, signWebhook } from '../../src/server/texts/provider'
import { inboundTextParams, newMessageSid } from '../../src/server/texts/simulate'
import { envSeconds, logsErrorLines, freePort, pool, send, serverLogFile, sleep, tally, withDb } from './lib'
import type { DrillResult, Outcome } from './lib'

// Drill: 200 received texts from 100 numbers (two each: the second joins the first's lead), 50
// of them with photos (25 with one, 25 with two: 75 photos, phone-sized, held by a local fake of
// Twilio's API as MMS media), every tenth delivered twice at once with the same MessageSid (as
// the provider retries), spread over two web instances on one database, the job queue on a
// worker (`texts`) or on both instances (`texts-shared`); each request signed as Twilio signs it,
// for the instance's public address. Then: every answer 200 and none ≥ 500; each MessageSid
// stored once; 100 leads, one per number, with both its texts; every photo stored once (on its
// text and its lead); the owner's alerts on (a notification phone): one text to the owner per
// new lead, none for the text that joins it a moment later, none twice; no error line in any log.
// Figures: webhook throughput and answer latency (p50/p95), time until every photo is stored.
const NUMBERS = 100
const TEXTS = 200
// Deliveries in flight at once (two per instance, the retries' second deliveries on top): a
// shop's texts arrive one by one, so this is already a flood. At 10 on a shared machine, answers
// queue behind each other (see docs/benchmarks/drills.md, texts).
const CONCURRENCY = Number(process.env.BENCH_TEXTS_CONCURRENCY || 4)
const withPhotos = (n: number) => n % 4 === 0
const photoCount = (n: number) => (!withPhotos(n) ? 0 : n % 8 === 0 ? 2 : 1)
const deliveredTwice = (n: number) => n % 10 === 5
// The provider's own bound on a webhook's answer is 15 s; the is a second.
const ANSWER_WITHIN_MS = 1000
// The owner's phone, texted an alert of each new lead (the burst's second texts are quiet).
const OWNER_PHONE = '+15125550199'

// `split`: as docker-compose deploys it, the web instances leave the queue to a worker
// (JOBS_AUTORUN=false); `shared`: both web instances run the queue too, as one `npm start` does.
type Mode = 'split' | 'shared'
export const textsDrill = () => runTextsDrill('split')
export const textsSharedDrill = () => runTextsDrill('shared')

async function runTextsDrill(mode: Mode): Promise<DrillResult> {
  const databaseUrl = process.env.DATABASE_URL!
  const photosWithinSeconds = envSeconds('BENCH_TEXTS_PHOTO_SECONDS', 300)
  const failures: string[] = []
  const fake = await startFakeTwilio()
  // A run's own area code, so its numbers start leads of their own on a database of earlier runs.
  const area = 200 + (Math.floor(Date.now() / 1000) % 700)
  const numberOf = (n: number) => `+1${area}555${String(100 + (n % NUMBERS)).padStart(4, '0')}`
  const photos = await Promise.all([1, 2, 3, 4].map((seed) => phonePhoto(seed)))
  const texts = Array.from({ length: TEXTS }, (_, n) => ({
    n,
    sid: newMessageSid(photoCount(n) > 0),
    from: numberOf(n),
    body: `Drill text ${n}: curb rash on the front left rim`,
    media: Array.from({ length: photoCount(n) }, (_, i) => ({
      url: fake.addMedia(photos[(n + i) % photos.length], 'image/jpeg'),
      contentType: 'image/jpeg',
    })),
  }))
  const sids = texts.map((t) => t.sid)
  const expectedPhotos = texts.reduce((sum, t) => sum + t.media.length, 0)

  const logs: Record<string, string> = {
    a: serverLogFile(`texts-${mode}-a`),
    b: serverLogFile(`texts-${mode}-b`),
    ...(mode === 'split' ? { worker: serverLogFile('texts-split-worker') } : {}),
  }
  const servers: RunningServer[] = []
  const webEnv = mode === 'split' ? { ...fake.env, JOBS_AUTORUN: 'false' } : fake.env
  const outcomes: (Outcome & { text: number })[] = []
  let warmUpMs: number[] = []
  let burstSeconds = 0
  let photosAfterSeconds: number | null = null
  let uploadsBefore = 0
  let photosFrom: number | null = null
  let alertsAfterSeconds: number | null = null
  let settingsBefore: { notificationPhones?: string | null; alertTexts?: boolean | null } | null = null
  let owner: { url: string; authorization: string } | null = null
  try {
    uploadsBefore = await withDb(databaseUrl, async (db) =>
      Number((await db.query('SELECT count(*) AS n FROM customer_uploads')).rows[0].n),
    )
    const [a, b] = await Promise.all([
      startServer(webEnv, { logFile: logs.a, port: await freePort() }),
      startServer(webEnv, { logFile: logs.b, port: await freePort() }),
    ])
    servers.push(a, b)
    if (mode === 'split') {
      const port = await freePort()
      servers.push(
        await startServer(
          { ...fake.env, WORKER_PORT: String(port) },
          { logFile: logs.worker, port, script: 'scripts/worker.mjs' },
        ),
      )
    }
    const web = [a, b]
    // The owner's alerts on, as the owner sets them in the back office (put back at the end).
    owner = { url: a.url, authorization: await adminAuthorization(a.url) }
    settingsBefore = await settingsOf(owner)
    await saveSettings(owner, { notificationPhones: OWNER_PHONE, alertTexts: true })
    // Each instance's first API request loads Payload: an unsigned one (403, nothing stored) does.
    warmUpMs = await Promise.all(
      web.map(async (s) => {
        const res = await send(`${s.url}${TEXT_WEBHOOKS.inbound}`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
          body: 'Body=warm-up',
        })
        if (res.status !== 403) throw new Error(`an unsigned text was answered ${res.status}`)
        return res.ms
      }),
    )

    const deliver = async (text: (typeof texts)[number], server: RunningServer) => {
      const params = inboundTextParams({
        accountSid: fake.accountSid,
        from: text.from,
        to: fake.from,
        body: text.body,
        sid: text.sid,
        media: text.media,
      })
      // The provider signs the address it was given: this instance's SERVER_URL.
      const url = `${server.url}${TEXT_WEBHOOKS.inbound}`
      const outcome = await send(url, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/x-www-form-urlencoded',
          'X-Twilio-Signature': signWebhook(fake.authToken, url, params),
        },
        body: new URLSearchParams(params).toString(),
      })
      outcomes.push({ ...outcome, text: text.n })
    }
    const t0 = Date.now()
    await pool(texts, CONCURRENCY, async (text) => {
      const first = web[text.n % 2]
      // The retry reaches the other instance while the first delivery is still being answered.
      if (deliveredTwice(text.n))
        await Promise.all([deliver(text, first), deliver(text, web[(text.n + 1) % 2])])
      else await deliver(text, first)
    })
    burstSeconds = (Date.now() - t0) / 1000

    // Until every text's photos are stored (the job queue: a tick every 10 s on each instance).
    for (const deadline = Date.now() + photosWithinSeconds * 1000; Date.now() < deadline; await sleep(500)) {
      const left = await withDb(databaseUrl, async (db) =>
        Number(
          (
            await db.query(
              `SELECT count(*) AS n FROM text_messages
                WHERE provider_message_id = ANY($1) AND media_count > 0 AND media_stored_at IS NULL`,
              [sids],
            )
          ).rows[0].n,
        ),
      )
      if (left === 0) {
        photosAfterSeconds = (Date.now() - t0) / 1000
        break
      }
    }
    photosFrom = await withDb(databaseUrl, async (db) => {
      const first = (
        await db.query<{ at: Date | null }>(
          `SELECT min(m.media_stored_at) AS at FROM text_messages m
            WHERE m.provider_message_id = ANY($1) AND m.media_stored_at IS NOT NULL`,
          [sids],
        )
      ).rows[0].at
      return first ? new Date(first).getTime() : null
    })
    // Until the owner has heard of every new lead (the alerts are queued jobs too).
    for (const deadline = Date.now() + photosWithinSeconds * 1000; Date.now() < deadline; await sleep(500)) {
      if (fake.sent.filter((m) => m.to === OWNER_PHONE && numbersIn(m.body, texts)).length >= NUMBERS) {
        alertsAfterSeconds = (Date.now() - t0) / 1000
        break
      }
    }
    // A late duplicate would come within the next tick of a queue.
    await sleep(12_000)
  } finally {
    if (owner && settingsBefore)
      await saveSettings(owner, {
        notificationPhones: settingsBefore.notificationPhones ?? '',
        alertTexts: settingsBefore.alertTexts ?? true,
      })
    await Promise.all(servers.map((s) => s.stop()))
    await fake.close()
  }

  const statuses = tally(outcomes.map((o) => o.status ?? `no answer (${o.error})`))
  const expectedRequests = TEXTS + texts.filter((t) => deliveredTwice(t.n)).length
  if (outcomes.length !== expectedRequests)
    failures.push(`${outcomes.length} answers, expected ${expectedRequests}`)
  const not200 = outcomes.filter((o) => o.status !== 200)
  if (not200.length)
    failures.push(`${not200.length} deliveries not answered 200: ${JSON.stringify(statuses)}`)
  const answerOf = (list: Outcome[]) => {
    const ms = list.map((o) => o.ms)
    return {
      n: ms.length,
      p50: round(percentile(ms, 50)),
      p95: round(percentile(ms, 95)),
      max: Math.max(0, ...ms),
    }
  }
  const answer = answerOf(outcomes)
  // Which answers were slow: a number's first text starts a lead, its second joins it; and
  // whether the job queue was storing photos on the same instances meanwhile.
  const firstOf = (n: number) => n < NUMBERS
  const byKind = {
    startsLead: answerOf(outcomes.filter((o) => firstOf(o.text) && !deliveredTwice(o.text))),
    joinsLead: answerOf(outcomes.filter((o) => !firstOf(o.text) && !deliveredTwice(o.text))),
    deliveredTwice: answerOf(outcomes.filter((o) => deliveredTwice(o.text))),
  }
  const whileStoring = answerOf(
    outcomes.filter((o) => photosFrom !== null && o.startedAt + o.ms >= photosFrom),
  )
  const beforeStoring = answerOf(
    outcomes.filter((o) => photosFrom === null || o.startedAt + o.ms < photosFrom),
  )
  if (answer.p95 > ANSWER_WITHIN_MS)
    failures.push(`the webhook answered in ${answer.p95} ms at p95, over a second`)

  const stored = await withDb(databaseUrl, async (db) => {
    const messages = (
      await db.query<{ sid: string; from: string; lead: number | null; media: string; photos: string }>(
        `SELECT m.provider_message_id AS sid, m.from_number AS from, m.lead_id AS lead,
                m.media_count AS media, count(r.id) AS photos
           FROM text_messages m LEFT JOIN text_messages_rels r ON r.parent_id = m.id AND r.path = 'media'
          WHERE m.provider_message_id = ANY($1) GROUP BY m.id`,
        [sids],
      )
    ).rows
    const leads = (
      await db.query<{ id: number; phone: string; photos: string }>(
        `SELECT l.id, l.phone_e164 AS phone,
                (SELECT count(*) FROM leads_rels r WHERE r.parent_id = l.id AND r.path = 'photos') AS photos
           FROM leads l WHERE l.phone_e164 = ANY($1)`,
        [[...new Set(texts.map((t) => t.from))]],
      )
    ).rows
    const uploads = Number((await db.query('SELECT count(*) AS n FROM customer_uploads')).rows[0].n)
    return { messages, leads, uploads }
  })
  const bySid = new Map(stored.messages.map((m) => [m.sid, m]))
  if (stored.messages.length !== TEXTS || bySid.size !== TEXTS)
    failures.push(
      `${stored.messages.length} messages stored (${bySid.size} ids), expected ${TEXTS} once each`,
    )
  const leadOf = new Map(stored.leads.map((l) => [l.phone, Number(l.id)]))
  if (stored.leads.length !== NUMBERS || leadOf.size !== NUMBERS)
    failures.push(
      `${stored.leads.length} leads for ${leadOf.size} numbers, expected one for each of ${NUMBERS}`,
    )
  const misplaced = texts.filter((t) => {
    const m = bySid.get(t.sid)
    return !m || m.lead === null || Number(m.lead) !== leadOf.get(t.from)
  }).length
  if (misplaced) failures.push(`${misplaced} texts not on their number's lead`)
  const wrongPhotos = texts.filter((t) => Number(bySid.get(t.sid)?.photos ?? -1) !== t.media.length).length
  if (wrongPhotos) failures.push(`${wrongPhotos} texts without exactly their photos`)
  const leadPhotos = stored.leads.reduce((sum, l) => sum + Number(l.photos), 0)
  const newUploads = stored.uploads - uploadsBefore
  if (leadPhotos !== expectedPhotos || newUploads !== expectedPhotos)
    failures.push(`${newUploads} photos stored, ${leadPhotos} on leads, expected ${expectedPhotos} once each`)
  if (photosAfterSeconds === null) failures.push(`photos still unstored after ${photosWithinSeconds} s`)
  // Each new lead's alert once, on its lead; none for the texts that joined a lead.
  const alerts = await withDb(databaseUrl, async (db) =>
    (
      await db.query<{ lead: number; n: string }>(
        `SELECT lead_id AS lead, count(*) AS n FROM text_messages
          WHERE to_business AND direction = 'out' AND lead_id = ANY($1) GROUP BY lead_id`,
        [[...leadOf.values()]],
      )
    ).rows.map((r) => Number(r.n)),
  )
  const alertTexts = alerts.reduce((sum, n) => sum + n, 0)
  if (alerts.length !== NUMBERS || alerts.some((n) => n !== 1))
    failures.push(
      `${alertTexts} alerts to the owner on ${alerts.length} leads, expected one on each of ${NUMBERS}`,
    )

  const errors = logsErrorLines(logs, failures)

  return {
    failures,
    figures: {
      mode,
      instances: mode === 'split' ? '2 web (JOBS_AUTORUN=false) + 1 worker' : '2 web + queue, one database',
      texts: TEXTS,
      numbers: NUMBERS,
      withPhotos: texts.filter((t) => t.media.length).length,
      photos: expectedPhotos,
      photoBytes: photos.map((p) => p.length),
      deliveredTwice: expectedRequests - TEXTS,
      concurrency: CONCURRENCY,
      statuses,
      warmUpMs,
      burstSeconds: round(burstSeconds),
      textsPerSecond: round(expectedRequests / burstSeconds),
      answerMs: answer,
      answerMsByKind: byKind,
      answerMsBeforeFirstPhotosStored: beforeStoring,
      answerMsAfterFirstPhotosStored: whileStoring,
      photosStoredSecondsAfterFirstText: photosAfterSeconds === null ? null : round(photosAfterSeconds),
      photosStoredSecondsAfterLastAnswer:
        photosAfterSeconds === null ? null : round(photosAfterSeconds - burstSeconds),
      messagesStored: stored.messages.length,
      leads: stored.leads.length,
      photosStored: newUploads,
      ownerAlerts: alertTexts,
      alertsSentSecondsAfterFirstText: alertsAfterSeconds === null ? null : round(alertsAfterSeconds),
      photoDownloads: [...fake.downloads.values()].reduce((sum, n) => sum + n, 0),
      errorLines: errors,
      logs,
    },
  }
}

// An alert names the lead's number: one of this run's (its area code is the run's own).
function numbersIn(body: string, texts: { from: string }[]): boolean {
  const digits = body.replace(/\D/g, '')
  return texts.some((t) => digits.includes(t.from.slice(2)))
}

type Owner = { url: string; authorization: string }
type AlertSettings = { notificationPhones?: string | null; alertTexts?: boolean | null }

async function settingsOf(owner: Owner): Promise<AlertSettings> {
  const res = await fetch(`${owner.url}/api/globals/site-settings?depth=0`, {
    headers: { Authorization: owner.authorization },
  })
  if (!res.ok) throw new Error(`reading the settings answered ${res.status}`)
  const { notificationPhones, alertTexts } = (await res.json()) as AlertSettings
  return { notificationPhones, alertTexts }
}

async function saveSettings(owner: Owner, data: AlertSettings): Promise<void> {
  const res = await fetch(`${owner.url}/api/globals/site-settings?depth=0`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: owner.authorization },
    body: JSON.stringify(data),
  })
  if (!res.ok) throw new Error(`saving the settings answered ${res.status}: ${await res.text()}`)
}
