import { describe, expect, it } from 'vitest'

import { visitInvitation } from '@/collections/Visits/visitInvitation'

import { rawProperty, textProperty, unfoldedLines } from '../helpers/ics'

const invitation = (location: string | null) =>
  visitInvitation({
    uid: 'visits-of-lead-1@example.com',
    sequence: 0,
    method: 'REQUEST',
    start: new Date('2030-01-07T14:00:00Z'),
    end: new Date('2030-01-07T16:00:00Z'),
    title: 'Curbside Rim Co.: wheel repair visit',
    description: 'Questions? Call or text (512) 555-0100.',
    location,
    organizer: { name: 'Curbside Rim Co.', email: 'service@curbsiderim.co' },
    attendee: { name: 'Maria Gonzalez', email: 'maria@example.com' },
    url: 'https://curbsiderim.co/quote/abc',
  })

describe("the visit's calendar LOCATION", () => {
  it('is the street address, with commas and semicolons escaped (RFC 5545 TEXT)', () => {
    const ics = invitation('Unit 4; 1234 S Congress Ave, Austin, TX')
    expect(rawProperty(ics, 'LOCATION')).toBe('Unit 4\\; 1234 S Congress Ave\\, Austin\\, TX')
    expect(textProperty(ics, 'LOCATION')).toBe('Unit 4; 1234 S Congress Ave, Austin, TX')
  })

  it('escapes line breaks and backslashes, so nothing can start a property of its own', () => {
    const ics = invitation('1234 S Congress Ave\r\nATTENDEE:mailto:x@example.com \\ gate 7')
    expect(rawProperty(ics, 'LOCATION')).toBe(
      '1234 S Congress Ave\\nATTENDEE:mailto:x@example.com \\\\ gate 7',
    )
    expect(unfoldedLines(ics).filter((l) => l.startsWith('ATTENDEE'))).toHaveLength(1)
    expect(textProperty(ics, 'LOCATION')).toBe('1234 S Congress Ave\nATTENDEE:mailto:x@example.com \\ gate 7')
    expect(rawProperty(invitation('Back door\rgate 7'), 'LOCATION')).toBe('Back door\\ngate 7')
  })

  it('keeps a long address whole across folded lines', () => {
    const address = `${'9876 North Lamar Boulevard, Building C, '.repeat(4)}Austin, TX 78753`
    const ics = invitation(address)
    expect(ics.split('\r\n').every((line) => Buffer.byteLength(line) <= 75)).toBe(true)
    expect(textProperty(ics, 'LOCATION')).toBe(address)
  })

  it('is left out when the lead has no address', () => {
    expect(rawProperty(invitation(null), 'LOCATION')).toBeUndefined()
    expect(rawProperty(invitation('  '), 'LOCATION')).toBeUndefined()
  })
})
