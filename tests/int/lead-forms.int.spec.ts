import { beforeEach, describe, expect, it } from 'vitest'

import { LEAD_NOTE_MAX } from '@/lib/lead-events'
import { wallTime, zonedTime } from '@/lib/business-time'
import { openSlots } from '@/collections/Visits/bookings'

import { setupHarness } from '../helpers/harness'
import type { Persona } from '../helpers/harness'
import { REQUEST_FIELDS } from '../helpers/request-fixtures'
import { emptyCollections } from '../helpers/payload'

// The lead forms the back office posts without any script (status and note): approved staff
// only, from the site's own pages only, by the same rules as the REST API, and a refusal
// changes nothing and says why on the page the browser is sent back to.
const h = setupHarness({ http: true })

beforeEach(async () => {
  await emptyCollections(h.payload, ['visits', 'lead-events', 'leads', 'payload-jobs'])
  await h.payload.updateGlobal({
    slug: 'site-settings',
    data: { timeZone: 'America/Chicago', booking: { vans: 1, blockedTimes: [] } },
  })
})

let counter = 0
async function newLead(data: Record<string, unknown> = {}) {
  return h.payload.create({
    collection: 'leads',
    data: {
      ...REQUEST_FIELDS,
      email: `form-${++counter}@example.com`,
      serviceType: 'rim_rash',
      ...data,
    } as never,
  })
}

type Options = { persona?: Persona; json?: boolean; origin?: string | null; headers?: Record<string, string> }

function post(path: string, fields: Record<string, string>, options: Options = {}) {
  return h.http.post(path, {
    session: h.sessionOf(options.persona ?? 'staff'),
    origin: options.origin,
    body: new URLSearchParams(fields).toString(),
    headers: {
      'Content-Type': 'application/x-www-form-urlencoded',
      ...(options.json ? { Accept: 'application/json' } : {}),
      ...options.headers,
    },
  })
}

const statusOf = async (id: number) =>
  (await h.payload.findByID({ collection: 'leads', id, depth: 0 })).status
const eventsOf = async (id: number) =>
  (
    await h.payload.find({
      collection: 'lead-events',
      where: { lead: { equals: id } },
      sort: 'id',
      depth: 0,
      pagination: false,
    })
  ).docs

describe('who may post the lead forms', () => {
  it('refuses anyone but approved staff, and posts from another site, changing nothing', async () => {
    const lead = await newLead()
    const path = `/api/leads/${lead.id}/status`
    for (const persona of ['anonymous', 'unapproved'] as const) {
      const res = await post(path, { status: 'contacted' }, { persona })
      expect(res.status).toBe(403)
      expect((await post(`/api/leads/${lead.id}/note`, { text: 'Hi' }, { persona })).status).toBe(403)
    }
    // Staff's own session cookie, sent by a page of another site (a browser names it in Origin,
    // or without an Origin in Sec-Fetch-Site): Payload does not read the cookie, so it is anonymous.
    const crossSite = [
      { origin: 'https://evil.example' },
      { origin: null, headers: { 'Sec-Fetch-Site': 'cross-site' } },
      { origin: null },
    ]
    for (const options of crossSite) {
      expect((await post(path, { status: 'contacted' }, options)).status).toBe(403)
      expect((await post(`/api/leads/${lead.id}/note`, { text: 'Hi' }, options)).status).toBe(403)
    }
    expect(await statusOf(lead.id)).toBe('new')
    expect(await eventsOf(lead.id)).toEqual([])
    // The site's own page: accepted.
    expect((await post(path, { status: 'contacted' }, { origin: undefined })).status).toBe(303)
    expect(await statusOf(lead.id)).toBe('contacted')
  })

  it('reads only small URL-encoded forms', async () => {
    const lead = await newLead()
    const asJson = await h.http.post(`/api/leads/${lead.id}/status`, {
      session: h.sessionOf('staff'),
      json: { status: 'contacted' },
    })
    expect(asJson.status).toBe(415)
    const huge = await post(`/api/leads/${lead.id}/note`, { text: 'x'.repeat(70 * 1024) })
    expect(huge.status).toBe(413)
    expect(await statusOf(lead.id)).toBe('new')
    expect(await eventsOf(lead.id)).toEqual([])
  })
})

describe('the status form', () => {
  it('moves the lead one step and sends the browser back to its view, which says so', async () => {
    const lead = await newLead()
    const back = `/admin?tab=leads&status=new&lead=${lead.id}`
    const res = await post(`/api/leads/${lead.id}/status`, { status: 'contacted', back })
    expect(res.status).toBe(303)
    expect(res.headers.get('location')).toBe(`/admin?tab=leads&status=new&lead=${lead.id}&done=contacted`)
    expect(await statusOf(lead.id)).toBe('contacted')
    expect((await eventsOf(lead.id)).map((e) => [e.kind, e.text, e.by])).toEqual([
      ['status', 'New → Contacted', h.accounts.staff.user.id],
    ])
    // The page's script asks for JSON.
    const json = await post(`/api/leads/${lead.id}/status`, { status: 'quoted' }, { json: true })
    expect(json.status).toBe(200)
    // With the address the browser would have been sent to, where the script goes in place.
    expect(json.body).toEqual({
      message: 'Status Updated',
      status: 'quoted',
      location: `/admin/collections/leads/${lead.id}?done=quoted`,
    })
    // Without a view of its own, or with one outside the back office: the lead's details.
    for (const back of [undefined, 'https://evil.example/admin', '//evil.example']) {
      const lead2 = await newLead()
      const answer = await post(`/api/leads/${lead2.id}/status`, {
        status: 'contacted',
        ...(back ? { back } : {}),
      })
      expect(answer.headers.get('location')).toBe(`/admin/collections/leads/${lead2.id}?done=contacted`)
    }
  })

  it('refuses what the API refuses, says why, and changes nothing', async () => {
    const lead = await newLead()
    const back = `/admin/collections/leads/${lead.id}?done=note`
    for (const status of ['completed', 'new-ish', '']) {
      const res = await post(`/api/leads/${lead.id}/status`, { status, back })
      expect(res.status).toBe(303)
      // The earlier outcome's words are replaced by this one's.
      expect(res.headers.get('location')).toBe(`/admin/collections/leads/${lead.id}?error=status-step`)
      const json = await post(`/api/leads/${lead.id}/status`, { status }, { json: true })
      expect(json.status).toBe(400)
      expect(json.body.errors[0].message).toBe(
        "Failed to update lead status: a lead's status moves one step forward at a time.",
      )
    }
    expect(await statusOf(lead.id)).toBe('new')
    // The REST API says no to the same move.
    const rest = await h.http.patch(`/api/leads/${lead.id}`, {
      session: h.sessionOf('staff'),
      json: { status: 'completed' },
    })
    expect(rest.status).toBe(400)

    // A lead closed as lost moves only once reopened, through either door.
    const lost = await newLead({ lostReason: 'no_answer' })
    const res = await post(`/api/leads/${lost.id}/status`, { status: 'contacted' })
    expect(res.headers.get('location')).toBe(`/admin/collections/leads/${lost.id}?error=status-lost`)
    const patched = await h.http.patch(`/api/leads/${lost.id}`, {
      session: h.sessionOf('staff'),
      json: { status: 'contacted' },
    })
    expect(patched.status).toBe(400)
    expect(JSON.stringify(patched.body)).toContain(
      'This lead is closed as lost: reopen it before changing its status.',
    )
    expect(await statusOf(lost.id)).toBe('new')
    const reopened = await h.http.patch(`/api/leads/${lost.id}`, {
      session: h.sessionOf('staff'),
      json: { lostReason: null, status: 'contacted' },
    })
    expect(reopened.status).toBe(200)
    expect(await statusOf(lost.id)).toBe('contacted')

    const gone = await post('/api/leads/999999/status', { status: 'contacted' }, { json: true })
    expect(gone.status).toBe(404)
    expect(gone.body.errors[0].message).toBe('This lead no longer exists.')
  })
})

describe('completing a lead whose visit is still ahead', () => {
  async function leadWithVisit() {
    const lead = await newLead({ status: 'quoted' })
    // Five days ahead at least, as the owner met it: "a visit six days ahead".
    const slot = (await openSlots(h.payload)).find(
      (s) => Date.parse(s.start) > Date.now() + 5 * 24 * 3600 * 1000,
    )!
    const booked = await h.http.post('/api/visits/book', {
      session: h.sessionOf('staff'),
      json: { lead: lead.id, start: slot.start, address: '1200 Barton Springs Rd' },
    })
    expect(booked.status).toBe(201)
    return { lead: lead.id, visit: booked.body.visit as number, start: slot.start }
  }
  const visitOf = (id: number) => h.payload.findByID({ collection: 'visits', id, depth: 0 })
  const when = (start: string) =>
    new Intl.DateTimeFormat('en-US', {
      timeZone: 'America/Chicago',
      month: 'short',
      day: 'numeric',
      year: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
    }).format(new Date(start))

  it('asks first, naming the visit, and changes nothing until it is confirmed', async () => {
    const { lead, visit, start } = await leadWithVisit()
    const path = `/api/leads/${lead}/status`
    const asked = await post(path, { status: 'completed', back: '/admin?tab=leads' })
    expect(asked.status).toBe(303)
    // The question is on the job's page; a tap on the list's card goes there.
    expect(asked.headers.get('location')).toBe(
      `/admin/collections/leads/${lead}?confirm=completed#cbo-complete-confirm`,
    )
    const json = await post(path, { status: 'completed' }, { json: true })
    expect(json.status).toBe(409)
    expect(json.body.visit).toEqual({ id: visit, when: when(start) })
    expect(json.body.location).toBe(`/admin/collections/leads/${lead}?confirm=completed#cbo-complete-confirm`)
    expect(json.body.errors[0].message).toBe(
      `The visit on ${when(start)} is still ahead. Marking the lead completed cancels that visit and tells the customer.`,
    )
    // A confirmation of another visit is no confirmation of this one.
    expect(
      (await post(path, { status: 'completed', visit: String(visit + 1) })).headers.get('location'),
    ).toMatch(/confirm=completed/)
    // Nor does the REST API complete it behind the owner's back.
    const rest = await h.http.patch(`/api/leads/${lead}`, {
      session: h.sessionOf('staff'),
      json: { status: 'completed' },
    })
    expect(rest.status).toBe(400)
    expect(JSON.stringify(rest.body)).toContain(`This lead's visit on ${when(start)} is still ahead`)
    expect(await statusOf(lead)).toBe('quoted')
    expect((await visitOf(visit)).cancelledAt).toBeFalsy()
  })

  it('confirmed, completes the lead and cancels the visit together: place freed, customer told', async () => {
    const { lead, visit, start } = await leadWithVisit()
    const res = await post(`/api/leads/${lead}/status`, { status: 'completed', visit: String(visit) })
    expect(res.status).toBe(303)
    expect(res.headers.get('location')).toBe(`/admin/collections/leads/${lead}?done=completed`)
    expect(await statusOf(lead)).toBe('completed')
    expect((await visitOf(visit)).cancelledAt).toBeTruthy()
    expect((await openSlots(h.payload)).map((s) => s.start)).toContain(start)
    const events = (await eventsOf(lead)).map((e) => [e.kind, e.text])
    expect(events).toContainEqual(['visit_cancelled', 'The job was marked completed'])
    expect(events).toContainEqual(['status', 'Quoted → Completed'])
    const jobs = await h.payload.find({
      collection: 'payload-jobs',
      where: { taskSlug: { equals: 'sendVisitCancellation' } },
      depth: 0,
    })
    expect(jobs.docs.map((j) => (j.input as { visitId: number }).visitId)).toEqual([visit])
  })

  // The job done on the visit's day: the visit is done, never cancelled, and nobody is told.
  async function completedOnTheDay(start: Date) {
    const lead = await newLead({ status: 'quoted' })
    const visit = await h.payload.create({
      collection: 'visits',
      data: {
        lead: lead.id,
        start: start.toISOString(),
        end: new Date(start.getTime() + 3600 * 1000).toISOString(),
        van: 1,
        bookedBy: 'staff',
      },
    })
    const res = await post(`/api/leads/${lead.id}/status`, { status: 'completed' })
    expect(res.headers.get('location')).toBe(`/admin/collections/leads/${lead.id}?done=completed`)
    expect(await statusOf(lead.id)).toBe('completed')
    const after = await visitOf(visit.id)
    expect([Boolean(after.doneAt), after.cancelledAt ?? null]).toEqual([true, null])
    expect((await eventsOf(lead.id)).map((e) => e.kind)).toContain('visit_done')
    const told = await h.payload.count({
      collection: 'payload-jobs',
      where: { taskSlug: { equals: 'sendVisitCancellation' } },
    })
    expect(told.totalDocs).toBe(0)
  }

  it('a visit that took place asks nothing and is marked done', async () => {
    await completedOnTheDay(new Date(Date.now() - 3 * 3600 * 1000))
  })

  it('a visit later today asks nothing either and is marked done', async () => {
    const today = wallTime(new Date(), 'America/Chicago')
    const midnight = zonedTime('America/Chicago', today.year, today.month, today.day + 1).getTime()
    await completedOnTheDay(new Date(Date.now() + Math.min(3600 * 1000, (midnight - Date.now()) / 2)))
  })
})

describe('the note form', () => {
  it("writes the note in the poster's name and sends the browser back, which says so", async () => {
    const lead = await newLead()
    const back = `/admin?tab=leads&lead=${lead.id}`
    const res = await post(`/api/leads/${lead.id}/note`, { text: '  Gate code 4411.\nCall first.  ', back })
    expect(res.status).toBe(303)
    expect(res.headers.get('location')).toBe(`${back}&done=note`)
    expect((await eventsOf(lead.id)).map((e) => [e.kind, e.text, e.by])).toEqual([
      ['note', 'Gate code 4411.\nCall first.', h.accounts.staff.user.id],
    ])
    const json = await post(`/api/leads/${lead.id}/note`, { text: 'Second' }, { json: true })
    expect(json.status).toBe(201)
    expect(json.body).toEqual({ message: 'Note added', location: expect.stringMatching(/[?&]done=note$/) })
  })

  it('refuses an empty, too long or malformed note, says why, and writes nothing', async () => {
    const lead = await newLead()
    const cases = [
      ['   ', 'note-empty', 'Write the note first.'],
      ['x'.repeat(LEAD_NOTE_MAX + 1), 'note-long', `A note can be at most ${LEAD_NOTE_MAX} characters.`],
      ['Nul \u0000 here', 'note-characters', 'The note contains characters that are not allowed.'],
    ] as const
    for (const [text, code, message] of cases) {
      const res = await post(`/api/leads/${lead.id}/note`, { text })
      expect(res.headers.get('location')).toBe(`/admin/collections/leads/${lead.id}?error=${code}`)
      const json = await post(`/api/leads/${lead.id}/note`, { text }, { json: true })
      expect(json.status).toBe(400)
      expect(json.body.errors[0].message).toBe(message)
    }
    expect(await eventsOf(lead.id)).toEqual([])
  })
})
