import { randomBytes } from 'node:crypto'
import fs from 'node:fs/promises'
import path from 'node:path'

import twilio from 'twilio'
import type RequestClient from 'twilio/lib/base/RequestClient'
import type Response from 'twilio/lib/http/response'

import { serverUrl } from '@/lib/server-url'
import { TEXTS_DIR } from '@/server/paths'
import { BodyTooLarge, readCappedBody } from '@/server/read-capped-body'

// The one door to the texting provider (Twilio, through its official SDK): sending, webhook
// signatures and MMS media. Without TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM,
// texts are written to DATA_DIR/texts instead, as e-mails are without SMTP_HOST.

export const TWILIO_API_ORIGIN = 'https://api.twilio.com'
export const TEXT_WEBHOOKS = { inbound: '/api/sms/inbound', status: '/api/sms/status' } as const
// The delivery callbacks' query names our row (signed with the rest): a callback that outruns the
// provider's answer to the send still finds its text.
export const STATUS_MESSAGE_PARAM = 'message'

// Without a provider, outside production, webhooks are signed and checked with this token, so
// `npm run text` can play the provider against `npm run dev`.
export const LOCAL_AUTH_TOKEN = 'local-development-texts'
export const LOCAL_ACCOUNT_SID = `AC${'0'.repeat(32)}`
// The business's demo phone (src/lib/business.ts) stands for its texting number.
const LOCAL_NUMBER = '+15125550142'

export type ProviderConfig = { accountSid: string; authToken: string; from: string; apiOrigin: string }

// Read at call time: the tests' fake provider sets them after the config is loaded.
export function providerConfig(): ProviderConfig | null {
  const { TWILIO_ACCOUNT_SID: accountSid, TWILIO_AUTH_TOKEN: authToken, TWILIO_FROM: from } = process.env
  if (!accountSid || !authToken || !from) return null
  // TWILIO_API_URL: the tests' local fake of Twilio's API; Twilio itself otherwise.
  const apiOrigin = new URL(process.env.TWILIO_API_URL || TWILIO_API_ORIGIN).origin
  return { accountSid, authToken, from, apiOrigin }
}

/** The business's texting number (the provider's, or the local stand-in). */
export const textingNumber = () => process.env.TWILIO_FROM || LOCAL_NUMBER

/** The token webhooks are signed with; null where none can be trusted (production without a provider). */
export function webhookToken(): string | null {
  if (process.env.TWILIO_AUTH_TOKEN) return process.env.TWILIO_AUTH_TOKEN
  return process.env.NODE_ENV === 'production' ? null : LOCAL_AUTH_TOKEN
}

// The provider signs the address it was given: the public one, whatever proxies are in between.
export const webhookUrl = (pathAndQuery: string) => `${serverUrl()}${pathAndQuery}`

export type WebhookParams = Record<string, string | string[]>

export function paramsOf(form: URLSearchParams): WebhookParams {
  const params: WebhookParams = {}
  for (const [key, value] of form) {
    const had = params[key]
    params[key] = had === undefined ? value : [...[had].flat(), value]
  }
  return params
}

/** True when X-Twilio-Signature is the provider's for this address and these parameters. */
export function isSignedByProvider(
  signature: string | null,
  pathAndQuery: string,
  params: WebhookParams,
): boolean {
  const token = webhookToken()
  if (!token || !signature) return false
  return twilio.validateRequest(token, signature, webhookUrl(pathAndQuery), params)
}

/** What a webhook answers: TwiML that sends nothing back. */
export const emptyReply = () => new twilio.twiml.MessagingResponse().toString()

/** The signature the provider would send: for `npm run text` and the tests. */
export const signWebhook = (token: string, url: string, params: WebhookParams) =>
  twilio.getExpectedTwilioSignature(token, url, params)

/** The provider refused this message (a bad or unsubscribed number): sending it again changes nothing. */
export class ProviderRefused extends Error {
  constructor(
    readonly code: number | null,
    message: string,
  ) {
    super(message)
  }
}

// The SDK's own HTTP client with every request's origin replaced: its documented way to use
// another HTTP client, so the tests' fake sees exactly what Twilio would.
class ToOrigin extends twilio.RequestClient {
  constructor(private readonly origin: URL) {
    super({ timeout: SEND_TIMEOUT_MS })
  }

  override request<TData>(opts: RequestClient.RequestOptions<TData>): Promise<Response<TData>> {
    const uri = new URL(opts.uri)
    uri.protocol = this.origin.protocol
    uri.host = this.origin.host
    return super.request({ ...opts, uri: uri.href })
  }
}

const SEND_TIMEOUT_MS = 15_000
let client: { key: string; twilio: twilio.Twilio } | null = null

function clientFor(config: ProviderConfig): twilio.Twilio {
  const key = `${config.accountSid}:${config.authToken}@${config.apiOrigin}`
  if (client?.key !== key) {
    const httpClient =
      config.apiOrigin === TWILIO_API_ORIGIN ? undefined : new ToOrigin(new URL(config.apiOrigin))
    client = {
      key,
      twilio: twilio(config.accountSid, config.authToken, { httpClient, timeout: SEND_TIMEOUT_MS }),
    }
  }
  return client.twilio
}

export type SentText = { sid: string; status: string; from: string }

/**
 * Hands a text to the provider (or the capture folder); its delivery callbacks name `messageId`,
 * our row. Throws ProviderRefused when the provider refuses this message for good, anything else
 * when a later attempt may succeed.
 */
export async function sendThroughProvider(text: {
  to: string
  body: string
  messageId: number
}): Promise<SentText> {
  const config = providerConfig()
  if (!config) return capture(text)
  try {
    const message = await clientFor(config).messages.create({
      to: text.to,
      from: config.from,
      body: text.body,
      statusCallback: webhookUrl(`${TEXT_WEBHOOKS.status}?${STATUS_MESSAGE_PARAM}=${text.messageId}`),
    })
    return { sid: message.sid, status: message.status, from: config.from }
  } catch (error) {
    // 400 is about this message (bad number, opted out); 401, 429 and 5xx pass with time or a fix.
    if (error instanceof twilio.RestException && error.status === 400) {
      throw new ProviderRefused(error.code ?? null, error.message)
    }
    throw error
  }
}

// Written beside the folder and moved in, so readers never find half a text.
async function capture(text: { to: string; body: string }): Promise<SentText> {
  const sid = `SM${randomBytes(16).toString('hex')}`
  const from = textingNumber()
  const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${sid}.json`
  const file = path.join(TEXTS_DIR, name)
  await fs.mkdir(TEXTS_DIR, { recursive: true })
  const json = JSON.stringify(
    { sid, from, to: text.to, body: text.body, at: new Date().toISOString() },
    null,
    2,
  )
  await fs.writeFile(`${file}.partial`, `${json}\n`)
  await fs.rename(`${file}.partial`, file)
  console.log(`[text] captured to ${text.to}: ${file}`)
  return { sid, status: 'sent', from }
}

/** A photo that cannot be had (not the provider's, gone, too large): dropped, never retried. */
export class MediaRefused extends Error {}

const MEDIA_TIMEOUT_MS = 30_000
const isLoopback = (host: string) => host === 'localhost' || host === '[::1]' || /^127\./.test(host)

/**
 * An MMS attachment's bytes, with the provider's credentials. Only the provider's own media
 * addresses get them; without a provider, outside production, `npm run text`'s local ones.
 */
export async function downloadMedia(url: string, maxBytes: number): Promise<Buffer> {
  let target: URL
  try {
    target = new URL(url)
  } catch {
    throw new MediaRefused('has no address we can read.')
  }
  const config = providerConfig()
  const headers: Record<string, string> = {}
  if (config && target.origin === config.apiOrigin) {
    headers.authorization = `Basic ${Buffer.from(`${config.accountSid}:${config.authToken}`).toString('base64')}`
  } else if (config || process.env.NODE_ENV === 'production' || !isLoopback(target.hostname)) {
    throw new MediaRefused('is not stored with the text provider.')
  }
  // Twilio answers with a redirect to its file store; fetch drops the credentials on the way there.
  const res = await fetch(target, {
    headers,
    redirect: 'follow',
    signal: AbortSignal.timeout(MEDIA_TIMEOUT_MS),
  })
  if (res.status === 404 || res.status === 410) {
    await res.body?.cancel()
    throw new MediaRefused('is no longer stored by the provider.')
  }
  if (!res.ok) {
    await res.body?.cancel()
    throw new Error(`The text provider answered ${res.status} for a photo.`)
  }
  try {
    return Buffer.from(await readCappedBody(res.body, res.headers.get('content-length'), maxBytes, 0))
  } catch (error) {
    if (error instanceof BodyTooLarge) throw new MediaRefused(`is larger than ${maxBytes / 1024 / 1024} MB.`)
    throw error
  }
}
