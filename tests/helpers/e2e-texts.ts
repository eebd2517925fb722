import { type APIRequestContext, expect } from '@playwright/test'
import twilio from 'twilio'

import { E2E_TWILIO } from './e2e-twilio'

const hex = (n: number) =>
  Array.from({ length: n }, () => Math.floor(Math.random() * 16).toString(16)).join('')

/**
 * A text from a customer to the business, as Twilio posts it to the e2e server: a form body
 * signed for the site's address with the SDK's own function. Answered 200.
 */
export async function textFromCustomer(
  request: APIRequestContext,
  baseURL: string,
  from: string,
  body: string,
) {
  const sid = `SM${hex(32)}`
  const params: Record<string, string> = {
    MessageSid: sid,
    SmsMessageSid: sid,
    AccountSid: E2E_TWILIO.accountSid,
    From: from,
    To: E2E_TWILIO.from,
    Body: body,
    NumMedia: '0',
    ApiVersion: '2010-04-01',
  }
  const path = '/api/sms/inbound'
  const signature = twilio.getExpectedTwilioSignature(E2E_TWILIO.authToken, `${baseURL}${path}`, params)
  const res = await request.post(path, {
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'X-Twilio-Signature': signature },
    data: new URLSearchParams(params).toString(),
  })
  expect(res.status()).toBe(200)
}
