import { randomBytes } from 'node:crypto'

import { signWebhook, webhookUrl } from './provider'

// The provider's side of its webhooks, built as Twilio builds them: for `npm run text`, which
// plays the provider against a local site, and for the tests.

export const newMessageSid = (media = false) => `${media ? 'MM' : 'SM'}${randomBytes(16).toString('hex')}`

export type SimulatedText = {
  accountSid: string
  from: string
  to: string
  body?: string
  sid?: string
  media?: { url: string; contentType: string }[]
}

/** The parameters of Twilio's incoming-message webhook. */
export function inboundTextParams(text: SimulatedText): Record<string, string> {
  const media = text.media ?? []
  const sid = text.sid ?? newMessageSid(media.length > 0)
  const params: Record<string, string> = {
    ToCountry: 'US',
    SmsMessageSid: sid,
    NumMedia: String(media.length),
    SmsSid: sid,
    SmsStatus: 'received',
    Body: text.body ?? '',
    To: text.to,
    NumSegments: '1',
    MessageSid: sid,
    AccountSid: text.accountSid,
    From: text.from,
    ApiVersion: '2010-04-01',
  }
  media.forEach((item, i) => {
    params[`MediaUrl${i}`] = item.url
    params[`MediaContentType${i}`] = item.contentType
  })
  return params
}

/** The parameters of Twilio's delivery callback for a text we sent. */
export function statusCallbackParams(callback: {
  accountSid: string
  sid: string
  status: string
  to: string
  from: string
  errorCode?: number
}): Record<string, string> {
  return {
    SmsSid: callback.sid,
    SmsStatus: callback.status,
    MessageStatus: callback.status,
    To: callback.to,
    MessageSid: callback.sid,
    AccountSid: callback.accountSid,
    From: callback.from,
    ApiVersion: '2010-04-01',
    ...(callback.errorCode ? { ErrorCode: String(callback.errorCode) } : {}),
  }
}

/** A webhook request as the provider sends it: a form body signed for the site's public address. */
export function signedWebhook(token: string, path: string, params: Record<string, string>) {
  return {
    url: webhookUrl(path),
    headers: {
      'Content-Type': 'application/x-www-form-urlencoded',
      'X-Twilio-Signature': signWebhook(token, webhookUrl(path), params),
    },
    body: new URLSearchParams(params).toString(),
  }
}
