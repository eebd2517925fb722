import { describe, expect, it } from 'vitest'

import { MAX_GREETING_NAME, greetingName } from '@/lib/safe-first-name'

describe('greetingName', () => {
  it.each([
    ['Maria', 'Maria'],
    ['  Ana   Lucía ', 'Ana Lucía'],
    ["O'Neil", "O'Neil"],
    ['Jean-Luc', 'Jean-Luc'],
  ])('keeps a plain name: %j', (input, expected) => {
    expect(greetingName(input)).toBe(expected)
  })

  it.each([
    'http://evil.example',
    'visit evil.com',
    'www evil',
    'me@evil.example',
    'a/b',
    '<b>hi</b>',
    'x'.repeat(MAX_GREETING_NAME + 1),
    '   ',
  ])('drops what could carry a message: %j', (input) => {
    expect(greetingName(input)).toBeNull()
  })
})
