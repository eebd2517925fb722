import { describe, expect, it } from 'vitest'

import {
  PHOTOS_ONLY_DESCRIPTION,
  cleanTextBody,
  helpReply,
  isTextLeadEmail,
  leadAlertText,
  parseInboundText,
  parsePhoneList,
  parseStatusCallback,
  phoneMatchKey,
  statusMovesForward,
  textFailureReason,
  textKeyword,
  textLeadFields,
  textStatusOf,
  toE164,
} from '@/lib/text-messages'
import { PAYLOAD_EMAIL_PATTERN, requestFieldsSchema } from '@/lib/request-schema'
import { sourceLabel } from '@/lib/lead-source'

const SID = `SM${'a1'.repeat(16)}`
const getter = (params: Record<string, string>) => (name: string) => params[name]

describe('textKeyword', () => {
  it('knows the carriers’ stop words in any case, alone in the message', () => {
    for (const word of [
      'STOP',
      'stop',
      'StopAll',
      'UNSUBSCRIBE',
      'cancel',
      'End',
      'quit',
      ' STOP ',
      'Stop.',
      'stop!',
    ])
      expect(textKeyword(word), word).toBe('opt-out')
    for (const word of ['START', 'start', 'Unstop']) expect(textKeyword(word), word).toBe('opt-in')
    for (const word of ['HELP', 'help', 'Info']) expect(textKeyword(word), word).toBe('help')
  })

  it('is no keyword inside a sentence, or a longer word', () => {
    for (const body of [
      'stop by at 5',
      'Please stop',
      'STOPPED',
      'help me with my rim',
      'end of day?',
      '',
      null,
    ])
      expect(textKeyword(body), String(body)).toBeNull()
  })
})

describe('phone numbers', () => {
  it('are read as E.164, US numbers without their country code included', () => {
    expect(toE164('+15125550123')).toBe('+15125550123')
    expect(toE164('(512) 555-0123')).toBe('+15125550123')
    expect(toE164('1 512 555 0123')).toBe('+15125550123')
    expect(toE164('+44 20 7946 0958')).toBe('+442079460958')
    for (const bad of ['555-0123', 'call me', '+1', '12345678901234567', '', undefined])
      expect(toE164(bad)).toBeNull()
  })

  it('match a form’s phone digit by digit, with or without the country code', () => {
    for (const typed of [
      '+15125550123',
      '(512) 555-0123',
      ' 512.555.0123 ',
      '1-512-555-0123',
      '512 555 0123',
    ])
      expect(phoneMatchKey(typed)).toBe('+15125550123')
    expect(phoneMatchKey('+44 20 7946 0958')).toBe('+442079460958')
    for (const none of ['', null, '555-0123', '+1234567', '22 512 555 0123', 'call me'])
      expect(phoneMatchKey(none)).toBeNull()
  })

  it('the notification list: each number once, and what is not a number', () => {
    expect(parsePhoneList('+15125550111, (512) 555-0112,, 512-555-0111, call me')).toEqual({
      numbers: ['+15125550111', '+15125550112'],
      invalid: ['call me'],
    })
    expect(parsePhoneList(null)).toEqual({ numbers: [], invalid: [] })
  })
})

describe('statuses', () => {
  it("map the provider's statuses on ours", () => {
    expect(textStatusOf('queued')).toBe('queued')
    expect(textStatusOf('sending')).toBe('queued')
    expect(textStatusOf('sent')).toBe('sent')
    expect(textStatusOf('delivered')).toBe('delivered')
    expect(textStatusOf('read')).toBe('delivered')
    expect(textStatusOf('undelivered')).toBe('undelivered')
    expect(textStatusOf('failed')).toBe('failed')
    expect(textStatusOf('received')).toBe('received')
    expect(textStatusOf('bogus')).toBeNull()
    expect(textStatusOf(undefined)).toBeNull()
  })

  it('only move forward', () => {
    expect(statusMovesForward('queued', 'sent')).toBe(true)
    expect(statusMovesForward('sent', 'delivered')).toBe(true)
    expect(statusMovesForward('delivered', 'sent')).toBe(false)
    expect(statusMovesForward('delivered', 'failed')).toBe(true)
    expect(statusMovesForward('failed', 'queued')).toBe(false)
  })

  it('say why a text failed', () => {
    expect(textFailureReason(30003)).toBe('the phone is off or out of reach (error 30003)')
    expect(textFailureReason(30003, 'Unreachable handset')).toBe(
      'the phone is off or out of reach (error 30003)',
    )
    expect(textFailureReason(39999, 'Unknown error')).toBe('Unknown error (error 39999)')
    expect(textFailureReason(39999)).toBe('no reason given (error 39999)')
    expect(textFailureReason(null)).toBe('no reason given')
  })
})

describe('the webhooks’ parameters', () => {
  const base = {
    MessageSid: SID,
    From: '+15125550177',
    To: '+15125550142',
    Body: ' Hi\u0000 there ',
    NumMedia: '0',
  }

  it('a received text: ids, numbers, cleaned words and at most ten attachments', () => {
    expect(parseInboundText(getter(base))).toEqual({
      sid: SID,
      from: '+15125550177',
      to: '+15125550142',
      body: 'Hi there',
      media: [],
    })
    const media: Record<string, string> = { NumMedia: '12' }
    for (let i = 0; i < 12; i++) {
      media[`MediaUrl${i}`] = `https://api.twilio.com/m/${i}`
      media[`MediaContentType${i}`] = 'image/jpeg'
    }
    const parsed = parseInboundText(getter({ ...base, ...media }))!
    expect(parsed.media).toHaveLength(10)
    expect(parsed.media[9]).toEqual({ url: 'https://api.twilio.com/m/9', contentType: 'image/jpeg' })
  })

  it('is no text without a message id or a sender in E.164', () => {
    expect(parseInboundText(getter({ ...base, MessageSid: 'nope' }))).toBeNull()
    expect(parseInboundText(getter({ ...base, From: 'whatsapp:+15125550177' }))).toBeNull()
    expect(parseInboundText(getter({ ...base, From: '5125550177' }))).toBeNull()
    expect(parseInboundText(getter({ ...base, NumMedia: '-1' }))).toBeNull()
  })

  it('a delivery callback: status and error code', () => {
    expect(
      parseStatusCallback(getter({ MessageSid: SID, MessageStatus: 'undelivered', ErrorCode: '30003' })),
    ).toEqual({
      sid: SID,
      status: 'undelivered',
      errorCode: 30003,
      errorMessage: null,
    })
    expect(parseStatusCallback(getter({ MessageSid: SID, MessageStatus: 'whatever' }))).toBeNull()
  })
})

describe('a lead started by a text', () => {
  it('passes the leads’ own rules with placeholders that invent nobody', () => {
    const fields = textLeadFields('+15125550177', 'My rim')
    expect(requestFieldsSchema.safeParse(fields).success).toBe(true)
    expect(PAYLOAD_EMAIL_PATTERN.test(fields.email)).toBe(true)
    expect(isTextLeadEmail(fields.email)).toBe(true)
    expect(isTextLeadEmail('maria@example.com')).toBe(false)
    expect(fields).toMatchObject({ firstName: 'Name not given', lastName: '(texted)', phone: '+15125550177' })
    expect(textLeadFields('+15125550177', '').description).toBe(PHOTOS_ONLY_DESCRIPTION)
  })

  it('shows "Text" as its source', () => {
    expect(sourceLabel({ channel: 'text' })).toBe('Text')
    expect(sourceLabel({ channel: 'form' })).toBe('(direct)')
  })
})

describe('the words the server texts', () => {
  it('HELP: the business and how to reach it', () => {
    expect(helpReply('Curbside Rim Co.', '(512) 555-0142')).toBe(
      'Curbside Rim Co.: questions or a quote? Call or text (512) 555-0142. Msg & data rates may apply. Reply STOP to opt out.',
    )
  })

  it("the owner's alert: short, with the lead's link", () => {
    const lead = {
      firstName: 'Dana',
      lastName: 'Smith',
      phone: '(512) 555-0190',
      description: `Bent rim ${'x'.repeat(200)}`,
      service: 'Rim Rash / Curbed Rim',
    }
    const text = leadAlertText(lead, 'https://curbsiderim.co/admin?tab=leads&lead=7')
    expect(text).toMatch(
      /^New request: Rim Rash \/ Curbed Rim from Dana Smith, \(512\) 555-0190: "Bent rim x+…"\n/,
    )
    expect(text.endsWith('\nhttps://curbsiderim.co/admin?tab=leads&lead=7')).toBe(true)
    expect(text.length).toBeLessThan(320)
    expect(leadAlertText({ ...lead, channel: 'text', phone: '+15125550177', description: 'Hi' }, 'L')).toBe(
      'New text from +15125550177: "Hi"\nL',
    )
  })

  it('bodies lose control characters and are capped at ten segments', () => {
    expect(cleanTextBody('a\u0007b\nc\t')).toBe('ab\nc')
    expect(cleanTextBody('x'.repeat(2000))).toHaveLength(1600)
  })
})
