import type { Payload } from 'payload'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { createUser, resetDatabase, testPayload } from '../helpers/payload'

let payload: Payload

beforeAll(async () => {
  payload = await testPayload()
  await resetDatabase(payload)
})

afterAll(async () => {
  await payload?.destroy()
})

describe('promotion hooks (Local API)', () => {
  it('upper-cases the discount code on create and update', async () => {
    const { user } = await createUser(payload, 'admin')
    const created = await payload.create({
      collection: 'promotions',
      data: { title: 'Spring', discountCode: ' spring20 ', discountType: 'percentage', discountValue: 20 },
      user,
      overrideAccess: false,
    })
    expect(created.discountCode).toBe('SPRING20')
    const updated = await payload.update({
      collection: 'promotions',
      id: created.id,
      data: { discountCode: 'summer5' },
      user,
      overrideAccess: false,
    })
    expect(updated.discountCode).toBe('SUMMER5')
  })
})
