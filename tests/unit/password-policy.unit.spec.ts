import { describe, expect, it } from 'vitest'

import { PASSWORD_TOO_COMMON, PASSWORD_TOO_SHORT, passwordProblem } from '@/lib/password-policy'

describe('password rules', () => {
  it('asks for at least 10 characters, counted as characters, not bytes', async () => {
    expect(await passwordProblem('')).toBe(PASSWORD_TOO_SHORT)
    expect(await passwordProblem('nine-char')).toBe(PASSWORD_TOO_SHORT)
    expect(await passwordProblem('ééééééééé')).toBe(PASSWORD_TOO_SHORT)
    expect(await passwordProblem('rim-repair')).toBeNull()
  })

  it('refuses common passwords whatever their case', async () => {
    for (const common of ['password123', '1234567890', 'qwertyuiop', 'QWERTYUIOP', 'basketball']) {
      expect(await passwordProblem(common)).toBe(PASSWORD_TOO_COMMON)
    }
    expect(await passwordProblem('curbside-dev-admin')).toBeNull()
  })
})
