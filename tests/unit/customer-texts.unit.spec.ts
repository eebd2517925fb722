import { describe, expect, it } from 'vitest'

import {
  CONFIRM_PROMPT,
  TEXTS_TERMS_HEADING,
  TEXTS_TERMS_PATH,
  consentGiven,
  headingAnchor,
  isBusinessToday,
  isConfirmReply,
  quoteLinkText,
  visitReminderText,
} from '@/lib/customer-texts'
import { isLeadFormPath, outcomeOf, withOutcome } from '@/lib/lead-forms'
import { plainText } from '@/lib/lexical'
import { PRIVACY_POLICY_DEFAULT, TERMS_OF_SERVICE_DEFAULT } from '@/globals/SitePages/defaults'
import { keptValues } from '@/collections/Leads/requestDrafts'

describe('consent to texts', () => {
  it('is the ticked box only', () => {
    for (const ticked of ['yes', 'on', 'true', ' YES ']) expect(consentGiven(ticked), ticked).toBe(true)
    for (const not of [undefined, null, '', 'no', 'false', 'off', 1]) expect(consentGiven(not)).toBe(false)
  })

  it('is kept on a form sent back to be corrected, and nothing longer', () => {
    expect(keptValues(new Map([['textConsent', 'yes']]))).toEqual({ textConsent: 'yes' })
    expect(keptValues(new Map([['textConsent', 'yes-and-more']]))).toEqual({ textConsent: 'yes' })
  })

  it('links to the terms section the page renders', () => {
    expect(headingAnchor(TEXTS_TERMS_HEADING)).toBe('text-messages')
    expect(TEXTS_TERMS_PATH).toBe(`/terms-of-service#${headingAnchor(TEXTS_TERMS_HEADING)}`)
    expect(headingAnchor('  Appointments and cancellation! ')).toBe('appointments-and-cancellation')
  })
})

describe('the policies', () => {
  it('have a texting section in the terms, as A2P 10DLC asks', () => {
    const terms = plainText(TERMS_OF_SERVICE_DEFAULT)
    expect(terms).toContain(`\n${TEXTS_TERMS_HEADING}\n`)
    for (const phrase of [
      'the link to your quote',
      'a reminder the day before',
      'Message frequency varies',
      'Message and data rates may apply.',
      'Reply STOP',
      'reply START',
      'Reply HELP',
    ]) {
      expect(terms).toContain(phrase)
    }
  })

  it('say in the privacy policy that phone numbers are never shared for marketing', () => {
    expect(plainText(PRIVACY_POLICY_DEFAULT)).toContain(
      'Phone numbers are never shared with anyone for marketing',
    )
  })
})

describe('the texts', () => {
  it('carry the quote link and the reminder asks for a C', () => {
    expect(quoteLinkText('Curbside Rim Co.', 'https://x.test/quote/abc')).toBe(
      'Curbside Rim Co.: your quote is ready. See it, accept it and book your visit here: https://x.test/quote/abc Reply STOP to opt out.',
    )
    expect(visitReminderText('Curbside Rim Co.', 'Tue, Dec 1, 10:00 AM')).toContain(`${CONFIRM_PROMPT}.`)
  })

  it('take "C" in any case, with spaces around, and nothing else, as a confirmation', () => {
    for (const yes of ['C', 'c', ' c ', '\nC\t']) expect(isConfirmReply(yes), JSON.stringify(yes)).toBe(true)
    for (const no of ['', 'CC', 'C.', 'cancel', 'see you', null, undefined])
      expect(isConfirmReply(no)).toBe(false)
  })

  it('know today in the business time zone, not the server one', () => {
    const now = new Date('2026-11-28T03:30:00Z') // 9:30 PM on the 27th in Austin
    expect(isBusinessToday('2026-11-27T20:00:00Z', 'America/Chicago', now)).toBe(true)
    expect(isBusinessToday('2026-11-28T15:00:00Z', 'America/Chicago', now)).toBe(false)
    expect(isBusinessToday('2026-11-28T15:00:00Z', 'UTC', now)).toBe(true)
  })
})

describe('the On my way form', () => {
  it('is one of the lead forms, and its outcome comes back in the address', () => {
    expect(isLeadFormPath('/api/leads/12/on-my-way')).toBe(true)
    const back = withOutcome('/admin?tab=leads&lead=12', { kind: 'on-my-way' })
    expect(back).toBe('/admin?tab=leads&lead=12&done=on-my-way')
    expect(outcomeOf(Object.fromEntries(new URL(back, 'http://x').searchParams))).toEqual({
      kind: 'on-my-way',
    })
    expect(outcomeOf({ error: 'on-my-way-recent' })).toEqual({ kind: 'error', error: 'on-my-way-recent' })
  })
})
