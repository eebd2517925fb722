import { describe, expect, it } from 'vitest'

import { setupHarness } from '../helpers/harness'
import { migrateDownAndUp } from '../helpers/migrations'

// Page SEO: the owner's title, description and share image for the public pages but the home
// page, from Payload's SEO plugin. Anyone reads them (they end up in every page's head); only
// an admin writes them; one per page.
const h = setupHarness({ http: true })

const gallery = {
  path: '/gallery',
  meta: { title: 'Curb rash before and after', description: 'Real repairs.' },
}

describe('page SEO', () => {
  it('only an admin writes it, one per page; anyone reads it', async () => {
    for (const who of ['anonymous', 'unapproved', 'staff'] as const) {
      const res = await h.http.post('/api/page-seo', { json: gallery, session: h.sessionOf(who) })
      expect(res.status).toBe(403)
    }
    const made = await h.http.post('/api/page-seo', { json: gallery, session: h.sessionOf('admin') })
    expect(made.status).toBe(201)
    const again = await h.http.post('/api/page-seo', { json: gallery, session: h.sessionOf('admin') })
    expect(again.status).toBe(400)
    const unknown = await h.http.post('/api/page-seo', {
      json: { path: '/admin', meta: { title: 'x' } },
      session: h.sessionOf('admin'),
    })
    expect(unknown.status).toBe(400)
    const read = await h.http.get('/api/page-seo?depth=0')
    expect(read.body.docs).toMatchObject([gallery])
  })

  it('its migration goes down and up again', async () => {
    await h.payload.delete({ collection: 'page-seo', where: {} })
    await migrateDownAndUp(h.payload, 'page_seo')
    expect((await h.payload.create({ collection: 'page-seo', data: gallery as never })).path).toBe('/gallery')
  })
})
