import type { SiteSetting } from '@/payload-types'
import { afterAll, describe, expect, it } from 'vitest'

import { DEFAULT_HOURS } from '@/lib/business-hours'

import { setupHarness } from '../helpers/harness'

// The owner picks opening hours from 30-minute steps; an open day needs both times, and
// closing comes after opening. A closed day's times are not checked (the admin hides them).
const h = setupHarness({ personas: false })

const save = (hours: SiteSetting['hours']) =>
  h.payload.updateGlobal({ slug: 'site-settings', data: { hours } })

afterAll(async () => {
  await save(DEFAULT_HOURS)
})

describe('site settings: opening hours', () => {
  it('stores what the owner picked and reads it back', async () => {
    const hours = {
      weekdays: { closed: false, opens: '07:30', closes: '17:30' },
      saturday: { closed: false, opens: '10:00', closes: '14:00', footerOpens: null },
      sunday: { closed: false, opens: '12:00', closes: '16:00' },
    }
    await save(hours)
    expect((await h.payload.findGlobal({ slug: 'site-settings' })).hours).toEqual(hours)
  })

  it('an update of other settings keeps the hours', async () => {
    await save(DEFAULT_HOURS)
    await h.payload.updateGlobal({ slug: 'site-settings', data: { phone: '(512) 555-0142' } })
    expect((await h.payload.findGlobal({ slug: 'site-settings' })).hours).toEqual(DEFAULT_HOURS)
  })

  it('refuses a closing time at or before the opening time', async () => {
    await expect(
      save({ ...DEFAULT_HOURS, weekdays: { closed: false, opens: '18:00', closes: '08:00' } }),
    ).rejects.toThrow(/Closes/)
    await expect(
      save({ ...DEFAULT_HOURS, sunday: { closed: false, opens: '10:00', closes: '10:00' } }),
    ).rejects.toThrow(/Closes/)
  })

  it('refuses times off the list, and an open day without times', async () => {
    await expect(
      save({ ...DEFAULT_HOURS, weekdays: { closed: false, opens: '08:15', closes: '18:00' } }),
    ).rejects.toThrow(/Opens/)
    await expect(
      save({ ...DEFAULT_HOURS, weekdays: { closed: false, opens: '8AM', closes: '18:00' } }),
    ).rejects.toThrow(/Opens/)
    await expect(
      save({ ...DEFAULT_HOURS, sunday: { closed: false, opens: null, closes: null } }),
    ).rejects.toThrow(/Opens/)
  })

  it('refuses a footer Saturday reading at or after closing time, and accepts none', async () => {
    await expect(
      save({ ...DEFAULT_HOURS, saturday: { ...DEFAULT_HOURS.saturday, footerOpens: '16:00' } }),
    ).rejects.toThrow(/Opens \(footer\)/)
    await save({ ...DEFAULT_HOURS, saturday: { ...DEFAULT_HOURS.saturday, footerOpens: null } })
    expect((await h.payload.findGlobal({ slug: 'site-settings' })).hours?.saturday?.footerOpens).toBeNull()
  })

  it("a closed day's times are not checked", async () => {
    await save({ ...DEFAULT_HOURS, sunday: { closed: true, opens: '17:00', closes: '09:00' } })
    expect((await h.payload.findGlobal({ slug: 'site-settings' })).hours?.sunday?.closed).toBe(true)
  })
})
