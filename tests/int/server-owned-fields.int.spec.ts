import { beforeAll, describe, expect, it } from 'vitest'

import { type Channel, type ChannelName, channelFor, expectOk } from '../helpers/channels'
import { row, seedGalleryImage, seedGalleryItem, seedLead, seedPromotion } from '../helpers/fixtures'
import { type Doc, setupHarness } from '../helpers/harness'

// Fields the server owns: identity, timestamps, authorship, counters and the quote's
// submission key. No API caller sets them, whatever their role; only the server's own
// code (seeds, the quote endpoint) writes them, with access overridden.
const h = setupHarness({ http: true })
const channels = {} as Record<ChannelName, Channel>
const CHANNELS = ['local', 'rest', 'graphql'] as const

const FAR_FUTURE = '2099-01-01T00:00:00.000Z'
const LONG_AGO = '2001-01-01T00:00:00.000Z'
const FORGED_ID = 987_654

// Timestamps within a minute of now: set by the server, not taken from the request.
function expectServerTime(value: unknown) {
  expect(Math.abs(new Date(String(value)).getTime() - Date.now())).toBeLessThan(60_000)
}

beforeAll(() => {
  for (const name of CHANNELS) channels[name] = channelFor(name, h)
})

describe('leads', () => {
  for (const name of CHANNELS) {
    it(`a visitor's create over ${name} cannot choose id, timestamps, the submission key or consent`, async () => {
      const forged: Doc = {
        firstName: 'Forged',
        lastName: `Times ${name}`,
        phone: '(512) 555-0100',
        email: `forged-${name}@example.com`,
        description: 'Pinned to the top of the list.',
        serviceType: 'rim_rash',
        createdAt: FAR_FUTURE,
        updatedAt: FAR_FUTURE,
        // Agreeing to texts is the request form's box, which only the request endpoint reads.
        textConsentAt: LONG_AGO,
      }
      // GraphQL's input types have no id or submission key at all, and ask for the status.
      if (name === 'graphql') forged.status = 'new'
      else
        Object.assign(forged, {
          id: FORGED_ID,
          idempotencyKey: `forged-key-${name}`,
          formKey: `forged-form-${name}`,
        })
      const result = await channels[name].create('leads', 'anonymous', forged)
      if (!result.ok) throw new Error(`refused: ${JSON.stringify(result.error)}`)
      const stored = await h.payload.find({
        collection: 'leads',
        where: { email: { equals: `forged-${name}@example.com` } },
        overrideAccess: true,
      })
      expect(stored.docs).toHaveLength(1)
      const [lead] = stored.docs
      expect(lead.id).not.toBe(FORGED_ID)
      expectServerTime(lead.createdAt)
      expectServerTime(lead.updatedAt)
      expect(lead.idempotencyKey ?? null).toBeNull()
      expect(lead.formKey ?? null).toBeNull()
      expect(lead.textConsentAt ?? null).toBeNull()
    })

    it(`staff editing a lead over ${name} cannot move its timestamps or set its key or consent`, async () => {
      const lead = await seedLead(h.payload)
      const before = await row(h.payload, 'leads', lead.id)
      const data: Doc = {
        status: 'contacted',
        createdAt: LONG_AGO,
        updatedAt: FAR_FUTURE,
        textConsentAt: LONG_AGO,
      }
      if (name !== 'graphql')
        Object.assign(data, { idempotencyKey: `edited-key-${name}`, formKey: `edited-form-${name}` })
      expectOk(await channels[name].update('leads', 'staff', lead.id, data))
      const after = await row(h.payload, 'leads', lead.id)
      expect(after?.status).toBe('contacted')
      expect(after?.createdAt).toBe(before?.createdAt)
      expectServerTime(after?.updatedAt)
      expect(after?.idempotencyKey ?? null).toBe(before?.idempotencyKey ?? null)
      expect(after?.formKey ?? null).toBe(before?.formKey ?? null)
      expect(after?.textConsentAt ?? null).toBeNull()
    })
  }
})

describe('promotions', () => {
  for (const name of CHANNELS) {
    for (const persona of ['staff', 'admin'] as const) {
      it(`${persona} over ${name}: usage count, author and timestamps are the server's`, async () => {
        const result = await channels[name].create('promotions', persona, {
          title: `Owned fields ${name} ${persona}`,
          usageCount: 7,
          createdBy: h.accounts.unapproved.user.id,
          createdAt: FAR_FUTURE,
          updatedAt: FAR_FUTURE,
        })
        if (!result.ok) throw new Error(`refused: ${JSON.stringify(result.error)}`)
        const created = await row(h.payload, 'promotions', result.doc!.id as number)
        expect(created?.usageCount).toBe(0)
        expect(created?.createdBy).toBe(h.accounts[persona].user.id)
        expectServerTime(created?.createdAt)

        expectOk(
          await channels[name].update('promotions', persona, created!.id as number, {
            usageCount: 99,
            createdBy: h.accounts.unapproved.user.id,
            createdAt: LONG_AGO,
          }),
        )
        const updated = await row(h.payload, 'promotions', created!.id as number)
        expect(updated?.usageCount).toBe(0)
        expect(updated?.createdBy).toBe(h.accounts[persona].user.id)
        expect(updated?.createdAt).toBe(created?.createdAt)
      })
    }
  }

  it('the server itself still counts uses (access overridden)', async () => {
    const promotion = await seedPromotion(h.payload, { title: 'Counted' })
    await h.payload.update({ collection: 'promotions', id: promotion.id, data: { usageCount: 3 } })
    expect((await row(h.payload, 'promotions', promotion.id))?.usageCount).toBe(3)
  })
})

describe('gallery items', () => {
  for (const name of CHANNELS) {
    it(`staff editing over ${name} cannot move timestamps or authorship`, async () => {
      const images = {
        beforeImage: (await seedGalleryImage(h.payload)).id,
        afterImage: (await seedGalleryImage(h.payload)).id,
      }
      const item = await seedGalleryItem(h.payload, images, h.accounts.admin.user)
      const before = await row(h.payload, 'gallery-items', item.id)
      expectOk(
        await channels[name].update('gallery-items', 'staff', item.id, {
          title: `Edited ${name}`,
          createdAt: LONG_AGO,
          createdBy: h.accounts.staff.user.id,
        }),
      )
      const after = await row(h.payload, 'gallery-items', item.id)
      expect(after?.title).toBe(`Edited ${name}`)
      expect(after?.createdAt).toBe(before?.createdAt)
      expect(after?.createdBy).toBe(before?.createdBy)
    })
  }

  it('a picture uploaded by staff gets server timestamps', async () => {
    const image = await seedGalleryImage(h.payload)
    expectOk(
      await channels.rest.update('gallery-images', 'staff', image.id, { alt: 'x', createdAt: LONG_AGO }),
    )
    expect((await row(h.payload, 'gallery-images', image.id))?.createdAt).toBe(image.createdAt)
  })
})

describe('users', () => {
  for (const name of CHANNELS) {
    it(`an account editing itself over ${name} cannot move its timestamps`, async () => {
      const before = await row(h.payload, 'users', h.accounts.unapproved.user.id)
      expectOk(
        await channels[name].update('users', 'unapproved', h.accounts.unapproved.user.id, {
          createdAt: LONG_AGO,
        }),
      )
      const after = await row(h.payload, 'users', h.accounts.unapproved.user.id)
      expect(after?.createdAt).toBe(before?.createdAt)
    })
  }
})
