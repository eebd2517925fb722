import { describe, expect, it } from 'vitest'

import { CURRENT_HASH_PREFIX, passwordMatches } from '@/server/patches/payload-password-hash'

import { setupHarness } from '../helpers/harness'

// Each workaround in src/server/patches/ has a test here that fails once the upstream
// behaviour it leans on changes: then the workaround is to be reviewed or removed.
const h = setupHarness({ personas: false })

describe('payload-password-hash', () => {
  it("checks a password against the hash Payload stored, in Payload's current format", async () => {
    const email = `hash-${Date.now()}@curbside.test`
    await h.payload.create({
      collection: 'users',
      data: { email, password: 'rim-repair-on-lamar', role: 'staff', approved: false },
    })
    const stored = await h.payload.db.findOne<{ id: number; hash: string; salt: string }>({
      collection: 'users',
      where: { email: { equals: email } },
    })
    expect(stored!.hash.startsWith(CURRENT_HASH_PREFIX)).toBe(true)
    expect(await passwordMatches(stored!, 'rim-repair-on-lamar')).toBe(true)
    expect(await passwordMatches(stored!, 'rim-repair-on-lamar!')).toBe(false)
  })
})

describe('graphql-access', () => {
  it('is needed while Payload leaves canAccessAdmin out for those outside the admin', async () => {
    const { permissions } = await h.payload.auth({ headers: new Headers() })
    expect(permissions).not.toHaveProperty('canAccessAdmin')
  })
})
