import { describe, expect, it } from 'vitest'

import { ALERT_EXCERPT_MAX, alertExcerpt, ownerAlertText, withoutLinks } from '@/lib/owner-alerts'

describe('withoutLinks', () => {
  it('turns every kind of link a phone would open into [link]', () => {
    expect(withoutLinks('URGENT log in at https://evil.example/login?x=1 to keep your account')).toBe(
      'URGENT log in at [link] to keep your account',
    )
    expect(withoutLinks('see http://a.b')).toBe('see [link]')
    expect(withoutLinks('go to www.evil.example now')).toBe('go to [link] now')
    expect(withoutLinks('open evil.example/x please')).toBe('open [link] please')
    expect(withoutLinks('evil.example')).toBe('[link]')
    expect(withoutLinks('sub.evil.co.uk:8080/a')).toBe('[link]')
    expect(withoutLinks('at 10.0.0.1/admin')).toBe('at [link]')
    expect(withoutLinks('HTTPS://EVIL.EXAMPLE')).toBe('[link]')
    expect(withoutLinks('ftp://files.example/x')).toBe('[link]')
  })

  it('turns e-mail addresses into [link] too', () => {
    expect(withoutLinks('write to bob@evil.example today')).toBe('write to [link] today')
  })

  it('reads full-width dots and slashes as the linkers do', () => {
    expect(withoutLinks('evil．example／x')).toBe('[link]')
  })

  it('keeps ordinary words, numbers and prices', () => {
    const plain = 'Tuesday morning works, 2 rims, $149.50, call (512) 555-0177. Thanks!'
    expect(withoutLinks(plain)).toBe(plain)
  })

  it('keeps the alert on one line, without control or invisible characters', () => {
    expect(withoutLinks('a\nb\u0007c\u200Bd\u202Ee')).toBe('a b cde')
    expect(withoutLinks('evil\u200B.example')).not.toContain('.example')
  })
})

describe('alertExcerpt', () => {
  it('is cut short, and a cut leaves no half link', () => {
    const long = 'x'.repeat(300)
    expect(alertExcerpt(long)).toHaveLength(ALERT_EXCERPT_MAX)
    expect(alertExcerpt(long).endsWith('…')).toBe(true)
    const edge = `${'a '.repeat(47)}https://evil.example/${'y'.repeat(50)}`
    expect(alertExcerpt(edge)).not.toMatch(/evil|https?:/)
    expect(alertExcerpt(`${'b'.repeat(95)} evil.example`)).not.toContain('evil.ex')
  })
})

describe('ownerAlertText', () => {
  it('names the event on one line and leads to the page to open', () => {
    const text = ownerAlertText('Text from Dana: "log in at https://evil.example/x"', 'https://site/admin/x')
    expect(text).toBe('Text from Dana: "log in at [link]"\nhttps://site/admin/x')
  })
})
