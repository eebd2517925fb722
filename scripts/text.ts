// npm run text -- [--from +15125550123] [--photo rim.jpg]... "Hi, my front rim is curbed"
//
// Plays the text provider against the local site (`npm run dev`, no Twilio account): sends an
// incoming text to SERVER_URL/api/sms/inbound, signed as Twilio signs it (the SDK's own
// function, with TWILIO_AUTH_TOKEN or the local development token), and serves its photos from
// a small server on 127.0.0.1 until the site's job queue has fetched them. See docs/development.md.
import fs from 'node:fs'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import path from 'node:path'
import { parseArgs } from 'node:util'

import { toE164 } from '../src/lib/text-messages'
import { LOCAL_ACCOUNT_SID, TEXT_WEBHOOKS, textingNumber, webhookToken } from '../src/server/texts/provider'
import { inboundTextParams, signedWebhook } from '../src/server/texts/simulate'

const TYPES: Record<string, string> = {
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.png': 'image/png',
  '.webp': 'image/webp',
  '.gif': 'image/gif',
  '.heic': 'image/heic',
  '.heif': 'image/heif',
  '.avif': 'image/avif',
}

function fail(message: string): never {
  console.error(`[text] ${message}`)
  process.exit(1)
}

const { values, positionals } = parseArgs({
  options: {
    from: { type: 'string', default: '+15125550123' },
    to: { type: 'string' },
    photo: { type: 'string', multiple: true, default: [] },
    wait: { type: 'string', default: '120' },
  },
  allowPositionals: true,
})

const from = toE164(values.from)
if (!from) fail(`--from ${values.from} is not a phone number.`)
const to = toE164(values.to ?? textingNumber()) ?? fail(`--to ${values.to} is not a phone number.`)
const body = positionals.join(' ')
const photos = values.photo.map((file) => {
  if (!fs.existsSync(file)) fail(`${file}: no such file.`)
  return { file, contentType: TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream' }
})
if (!body && !photos.length) fail("Give the text's words, or at least one --photo.")
if (photos.length > 10) fail('A text carries at most 10 photos.')
const token = webhookToken() ?? fail('Set TWILIO_AUTH_TOKEN: in production there is no local token.')

// The photos, as the provider keeps them until the site fetches them.
const fetched = new Set<number>()
const server = http.createServer((req, res) => {
  const index = Number(/^\/media\/(\d+)$/.exec(req.url ?? '')?.[1] ?? -1)
  const photo = photos[index]
  if (!photo) {
    res.writeHead(404).end()
    return
  }
  const bytes = fs.readFileSync(photo.file)
  res.writeHead(200, { 'content-type': photo.contentType, 'content-length': bytes.length }).end(bytes)
  if (!fetched.has(index)) console.log(`[text] the site fetched photo ${index + 1} (${photo.file})`)
  fetched.add(index)
})
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`

const params = inboundTextParams({
  accountSid: process.env.TWILIO_ACCOUNT_SID || LOCAL_ACCOUNT_SID,
  from,
  to,
  body,
  media: photos.map((p, i) => ({ url: `${origin}/media/${i}`, contentType: p.contentType })),
})
const request = signedWebhook(token, TEXT_WEBHOOKS.inbound, params)
const res = await fetch(request.url, { method: 'POST', headers: request.headers, body: request.body }).catch(
  (err: unknown) =>
    fail(`${request.url} did not answer (${String(err)}). Is the site running (npm run dev)?`),
)
if (res.status !== 200) fail(`${request.url} answered ${res.status}: ${await res.text()}`)
console.log(
  `[text] ${from} → ${to}: "${body}"${photos.length ? ` with ${photos.length} photo(s)` : ''}, ${params.MessageSid}`,
)

// The site fetches only what is declared an image; the rest it notes on the lead's timeline.
const images = photos.flatMap((p, i) => (p.contentType.startsWith('image/') ? [i] : []))
for (const p of photos) {
  if (!p.contentType.startsWith('image/'))
    console.log(`[text] ${p.file} goes as ${p.contentType}: not fetched`)
}
if (images.length) {
  const until = Date.now() + Number(values.wait) * 1000
  const done = () => images.every((i) => fetched.has(i))
  while (!done() && Date.now() < until) await new Promise((r) => setTimeout(r, 250))
  if (!done()) {
    fail(
      `the site did not fetch every photo in ${values.wait} s: its job queue runs every 10 s (not with JOBS_AUTORUN=false), and it fetches from 127.0.0.1 only without a Twilio account.`,
    )
  }
}
server.close()
