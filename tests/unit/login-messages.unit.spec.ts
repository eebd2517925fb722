import { describe, expect, it } from 'vitest'

import { LOGIN_MESSAGES, loginErrorCode, loginErrorMessage } from '@/server/login-messages'

describe('the messages /login shows from its address', () => {
  it('are a fixed list: a known code shows its message, anything else nothing', () => {
    expect(loginErrorMessage('credentials')).toBe('The email or password provided is incorrect.')
    for (const code of [
      'Your account is suspended, call 555-0100',
      'toString',
      '__proto__',
      '',
      undefined,
      ['credentials'],
    ]) {
      expect(loginErrorMessage(code)).toBeUndefined()
    }
  })

  it('every message maps back to its code; an unknown one to the fallback', () => {
    for (const [code, message] of Object.entries(LOGIN_MESSAGES)) expect(loginErrorCode(message)).toBe(code)
    expect(loginErrorCode('Something new')).toBe('sign-in-failed')
    expect(loginErrorCode('Something new', 'google-failed')).toBe('google-failed')
  })
})
