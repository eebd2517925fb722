import { describe, expect, it } from 'vitest'

import { createEvent } from 'ics'

import { visitInvitation } from '@/collections/Visits/visitInvitation'

import { rawProperty, textProperty, unfoldedLines } from '../helpers/ics'

const invitation = (location: string | null, attendee = 'Maria Gonzalez') =>
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
    attendee: { name: attendee, email: 'maria@example.com' },
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

describe('the lines of an invitation', () => {
  const accented = 'Nguyễn Thị Phương Thảo Đặng Lê Hoàng Việt Trần Quỳnh'
  const octets = (ics: string) => ics.split('\r\n').map((line) => Buffer.byteLength(line))

  it('are folded at 75 octets, not 75 characters, and unfold to what was written', () => {
    const address = `${'Đường Lê Lợi, Tòa nhà Bình Minh, '.repeat(3)}Austin, TX`
    const ics = invitation(address, accented)
    expect(Math.max(...octets(ics))).toBeLessThanOrEqual(75)
    expect(textProperty(ics, 'LOCATION')).toBe(address)
    expect(unfoldedLines(ics).find((l) => l.startsWith('ATTENDEE'))).toContain(`CN="${accented}"`)
  })

  // When this fails, `ics` folds by octets itself: src/server/patches/ics-fold-octets.ts can go.
  it('come from `ics` folded by characters, which is why they are folded again', () => {
    const { value } = createEvent({
      start: Date.UTC(2030, 0, 7, 14),
      startInputType: 'utc',
      duration: { hours: 2 },
      title: 'Visit',
      attendees: [{ name: accented, email: 'maria@example.com' }],
    })
    expect(Math.max(...octets(value!))).toBeGreaterThan(75)
  })
})
