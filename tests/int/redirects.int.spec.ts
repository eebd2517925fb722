import { describe, expect, it } from 'vitest'

import { setupHarness } from '../helpers/harness'

// Old addresses the owner redirects: admins alone write them, each kept once in its lookup
// form, and a bad address is refused with its reason.
const h = setupHarness({ http: true })

const redirect = (from: string, url: string) => ({ from, to: { type: 'custom', url } })

describe('redirects', () => {
  it('an admin adds one; it is stored in its lookup form and read by anyone', async () => {
    const made = await h.http.post('/api/redirects', {
      json: redirect('/Wheel-Repair.html/', '/gallery'),
      session: h.sessionOf('admin'),
    })
    expect(made.status).toBe(201)
    expect(made.body.doc).toMatchObject({
      from: '/wheel-repair.html',
      to: { type: 'custom', url: '/gallery' },
    })
    const read = await h.http.get('/api/redirects?depth=0', { session: h.sessionOf('anonymous') })
    expect(read.body.docs.map((d: { from: string }) => d.from)).toEqual(['/wheel-repair.html'])

    const again = await h.http.post('/api/redirects', {
      json: redirect('/WHEEL-REPAIR.HTML', '/'),
      session: h.sessionOf('admin'),
    })
    expect(again.status).toBe(400)
    expect((await h.payload.count({ collection: 'redirects' })).totalDocs).toBe(1)
  })

  it('staff, unapproved accounts and visitors cannot add one', async () => {
    for (const who of ['anonymous', 'unapproved', 'staff'] as const) {
      const res = await h.http.post('/api/redirects', {
        json: redirect(`/old-${who}`, '/'),
        session: h.sessionOf(who),
      })
      expect(res.status).toBe(403)
    }
  })

  it('refuses the back office, other sites and scripts, saying why, and stores nothing', async () => {
    const before = (await h.payload.count({ collection: 'redirects' })).totalDocs
    const cases: [string, string, string][] = [
      ['/admin', '/', 'The back office, API and login addresses cannot be redirected.'],
      ['//evil.example', '/', 'Start the old address with a single /.'],
      [
        '/old-page',
        'javascript:alert(1)',
        'Give a page of this site (starting with /) or a full http(s):// address.',
      ],
    ]
    for (const [from, url, message] of cases) {
      const res = await h.http.post('/api/redirects', {
        json: redirect(from, url),
        session: h.sessionOf('admin'),
      })
      expect(res.status).toBe(400)
      expect(JSON.stringify(res.body.errors)).toContain(message)
    }
    expect((await h.payload.count({ collection: 'redirects' })).totalDocs).toBe(before)
  })
})
