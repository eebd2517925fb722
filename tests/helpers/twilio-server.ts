import { randomBytes } from 'node:crypto'
import http from 'node:http'
import type { AddressInfo } from 'node:net'

// A local stand-in for Twilio's REST API, speaking its protocol over HTTP: Basic auth with
// the account SID and auth token, Messages created from a form body and answered with
// Twilio's JSON (201, a message `sid`), its error JSON (`code`, `message`, `more_info`,
// `status`) for an unsubscribed recipient (21610) or bad credentials (20003), and MMS media
// behind Basic auth, answered as Twilio does with a redirect to the file itself. The app's
// SDK reaches it through TWILIO_API_URL (src/server/texts/provider.ts): nothing of ours is mocked.

export type SentMessage = {
  sid: string
  to: string
  from: string
  body: string
  statusCallback: string | null
}

export type FakeTwilio = {
  url: string
  accountSid: string
  authToken: string
  from: string
  /** Texts the app sent, oldest first. */
  sent: SentMessage[]
  /** The provider refuses texts to this number from now on, with 21610. */
  unsubscribe(phone: string): void
  /** Stores an attachment of a received text; answers its media URL (as MediaUrlN). */
  addMedia(bytes: Buffer, contentType: string): string
  /** How many times each media URL was downloaded with the right credentials. */
  downloads: Map<string, number>
  /**
   * Runs after a message is accepted and before the answer to its create: a delivery callback
   * sent from here outruns the answer, as the provider's can.
   */
  beforeAnswer: ((message: SentMessage) => Promise<void>) | null
  /** The next n message creates fail with a 500, as an outage would. */
  failNext(n: number): void
  /** The TWILIO_* settings that point the app at this server. */
  env: Record<string, string>
  reset(): void
  close(): Promise<void>
}

const hex = (bytes: number) => randomBytes(bytes).toString('hex')

// `port` and the credentials are fixed when the app was started before the fake (the e2e suite).
export async function startFakeTwilio(
  options: { port?: number; accountSid?: string; authToken?: string } = {},
): Promise<FakeTwilio> {
  const accountSid = options.accountSid ?? `AC${hex(16)}`
  const authToken = options.authToken ?? hex(16)
  const from = '+15125550142'
  const sent: SentMessage[] = []
  const unsubscribed = new Set<string>()
  const media = new Map<string, { bytes: Buffer; contentType: string }>()
  const downloads = new Map<string, number>()
  let failures = 0
  const expectedAuth = `Basic ${Buffer.from(`${accountSid}:${authToken}`).toString('base64')}`

  const json = (res: http.ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' })
    res.end(JSON.stringify(body))
  }
  const twilioError = (res: http.ServerResponse, status: number, code: number, message: string) =>
    json(res, status, { code, message, more_info: `https://www.twilio.com/docs/errors/${code}`, status })

  const readBody = (req: http.IncomingMessage) =>
    new Promise<string>((resolve, reject) => {
      let text = ''
      req.setEncoding('utf8')
      req.on('data', (chunk: string) => (text += chunk))
      req.on('end', () => resolve(text))
      req.on('error', reject)
    })

  const base = `/2010-04-01/Accounts/${accountSid}`
  const server = http.createServer((req, res) => {
    void (async () => {
      const path = new URL(req.url ?? '/', 'http://fake').pathname
      // The file behind a media URL: no credentials, as Twilio's signed file links.
      const file = /^\/media-files\/([a-f0-9]+)$/.exec(path)
      if (req.method === 'GET' && file) {
        const item = media.get(file[1])
        if (!item) return twilioError(res, 404, 20404, 'The requested resource was not found')
        res.writeHead(200, { 'content-type': item.contentType, 'content-length': item.bytes.length })
        return res.end(item.bytes)
      }
      if (req.headers.authorization !== expectedAuth) {
        await readBody(req)
        return twilioError(res, 401, 20003, 'Authenticate')
      }
      const mediaPath = new RegExp(`^${base}/Messages/MM[a-f0-9]{32}/Media/(ME[a-f0-9]{32})$`).exec(path)
      if (req.method === 'GET' && mediaPath) {
        const id = mediaPath[1].slice(2)
        if (!media.has(id)) return twilioError(res, 404, 20404, 'The requested resource was not found')
        downloads.set(path, (downloads.get(path) ?? 0) + 1)
        res.writeHead(307, { location: `/media-files/${id}` })
        return res.end()
      }
      if (req.method === 'POST' && path === `${base}/Messages.json`) {
        const form = new URLSearchParams(await readBody(req))
        const to = form.get('To') ?? ''
        if (failures > 0) {
          failures -= 1
          return twilioError(res, 500, 20500, 'Internal Server Error')
        }
        if (!to) return twilioError(res, 400, 21604, "A 'To' phone number is required.")
        if (unsubscribed.has(to))
          return twilioError(res, 400, 21610, 'Attempt to send to unsubscribed recipient')
        const sid = `SM${hex(16)}`
        const message: SentMessage = {
          sid,
          to,
          from: form.get('From') ?? '',
          body: form.get('Body') ?? '',
          statusCallback: form.get('StatusCallback'),
        }
        sent.push(message)
        await fake.beforeAnswer?.(message)
        const now = new Date().toUTCString().replace('GMT', '+0000')
        return json(res, 201, {
          account_sid: accountSid,
          api_version: '2010-04-01',
          body: message.body,
          date_created: now,
          date_sent: null,
          date_updated: now,
          direction: 'outbound-api',
          error_code: null,
          error_message: null,
          from: message.from,
          messaging_service_sid: null,
          num_media: '0',
          num_segments: '1',
          price: null,
          price_unit: 'USD',
          sid,
          status: 'queued',
          subresource_uris: { media: `${base}/Messages/${sid}/Media.json` },
          to,
          uri: `${base}/Messages/${sid}.json`,
        })
      }
      return twilioError(res, 404, 20404, 'The requested resource was not found')
    })().catch((err: unknown) => {
      res.writeHead(500)
      res.end(String(err))
    })
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(options.port ?? 0, '127.0.0.1', resolve)
  })
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`

  const fake: FakeTwilio = {
    url,
    accountSid,
    authToken,
    from,
    sent,
    downloads,
    unsubscribe: (phone) => void unsubscribed.add(phone),
    addMedia(bytes, contentType) {
      const id = hex(16)
      media.set(id, { bytes, contentType })
      return `${url}${base}/Messages/MM${hex(16)}/Media/ME${id}`
    },
    beforeAnswer: null,
    failNext: (n) => void (failures = n),
    env: {
      TWILIO_ACCOUNT_SID: accountSid,
      TWILIO_AUTH_TOKEN: authToken,
      TWILIO_FROM: from,
      TWILIO_API_URL: url,
    },
    reset() {
      sent.length = 0
      unsubscribed.clear()
      media.clear()
      downloads.clear()
      failures = 0
      fake.beforeAnswer = null
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
  return fake
}
