import type { Endpoint, PayloadRequest } from 'payload'

import { isStored, receiveText } from '@/collections/TextMessages/receiveText'
import { updateTextStatus } from '@/collections/TextMessages/updateStatus'
import { parseInboundText, parseStatusCallback } from '@/lib/text-messages'
import { hitRateLimit } from '@/server/rate-limit'
import { readFormOrRefusal } from '@/server/read-capped-body'
import {
  STATUS_MESSAGE_PARAM,
  TEXT_WEBHOOKS,
  type WebhookParams,
  emptyReply,
  isSignedByProvider,
  paramsOf,
  providerConfig,
} from '@/server/texts/provider'

// A text's parameters are a few kilobytes (1600 characters, ten media addresses).
const MAX_BODY_BYTES = 64 * 1024
// A customer sends a few texts in a row (phones split photos over several); a flood from one
// number is refused before anything is stored.
export const TEXTS_PER_NUMBER = { max: 30, windowSeconds: 10 * 60 }

const noStore = { 'Cache-Control': 'no-store, private' }
// The provider reads the answer as TwiML: an empty one sends nothing back and says nothing.
const accepted = () =>
  new Response(emptyReply(), {
    status: 200,
    headers: { ...noStore, 'Content-Type': 'text/xml; charset=utf-8' },
  })
const refused = (status: number, message: string, headers: Record<string, string> = {}) =>
  Response.json({ message }, { status, headers: { ...noStore, ...headers } })

type Signed = { ok: true; get: (name: string) => string | undefined } | { ok: false; answer: Response }

// Checked against the public address (SERVER_URL + path), which the provider signed, whatever
// proxies rewrote on the way. Nothing is stored for a request that fails here.
async function signedParams(req: PayloadRequest, path: string): Promise<Signed> {
  const form = await readFormOrRefusal(req as unknown as Request, MAX_BODY_BYTES, noStore)
  if (form instanceof Response) return { ok: false, answer: form }
  const params: WebhookParams = paramsOf(form)
  const search = new URL(req.url ?? path, 'http://local').search
  const config = providerConfig()
  const signed =
    isSignedByProvider(req.headers.get('x-twilio-signature'), `${path}${search}`, params) &&
    (!config || form.get('AccountSid') === config.accountSid)
  if (!signed) return { ok: false, answer: refused(403, 'Forbidden.') }
  return { ok: true, get: (name) => form.get(name) ?? undefined }
}

// The database gone: a 503, which the provider may retry; the text is stored once whatever it does.
function failingAs503(
  name: string,
  handler: (req: PayloadRequest) => Promise<Response>,
): Endpoint['handler'] {
  return async (req) => {
    try {
      return await handler(req)
    } catch (err) {
      req.payload.logger.error({ err, msg: `${name}: failed, answered 503` })
      return refused(503, 'Please try again.', { 'Retry-After': '5' })
    }
  }
}

export const receiveTextWebhook: Endpoint = {
  path: '/sms/inbound',
  method: 'post',
  handler: failingAs503('text webhook', async (req) => {
    const signed = await signedParams(req, TEXT_WEBHOOKS.inbound)
    if (!signed.ok) return signed.answer
    const text = parseInboundText(signed.get)
    if (!text) return refused(400, 'Not a text message.')
    // A retry of a stored text is answered as the first one was, without counting against the number.
    if (await isStored(req.payload, text.sid)) return accepted()
    const limit = await hitRateLimit(req.payload, `text:from:${text.from}`, TEXTS_PER_NUMBER)
    if (!limit.allowed) {
      return refused(429, 'Too many texts from this number.', {
        'Retry-After': String(limit.retryAfterSeconds),
      })
    }
    await receiveText(req, text)
    return accepted()
  }),
}

export const textStatusWebhook: Endpoint = {
  path: '/sms/status',
  method: 'post',
  handler: failingAs503('text status webhook', async (req) => {
    const signed = await signedParams(req, TEXT_WEBHOOKS.status)
    if (!signed.ok) return signed.answer
    const callback = parseStatusCallback(signed.get)
    if (!callback) return refused(400, 'Not a delivery status.')
    // Our row, named in the callback address we gave (signed with the rest).
    const named = new URL(req.url ?? '', 'http://local').searchParams.get(STATUS_MESSAGE_PARAM) ?? ''
    const messageId = /^\d{1,12}$/.test(named) ? Number(named) : null
    // A text that is not ours (or not any more) has nothing to update: the provider need not retry.
    await updateTextStatus(req.payload, callback, messageId)
    return new Response(null, { status: 204, headers: noStore })
  }),
}
