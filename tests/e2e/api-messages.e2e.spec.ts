import type { APIRequestContext, APIResponse } from '@playwright/test'

import { expect, test } from '../helpers/e2e-test'
import { staffLead } from '../helpers/public-site'

import { DEV_ADMIN } from '../../src/seed/dev-admin'

// The messages the project's hooks throw, read from the production server: the minified
// build once turned every one of them into "An unknown error occurred.".

// Signs in over the API and returns the admin's id and the header that carries the
// session (a bearer token: cookies would be held to the site's own origin).
async function signInAsAdmin(request: APIRequestContext) {
  const response = await request.post('/api/users/login', {
    data: { email: DEV_ADMIN.email, password: DEV_ADMIN.password },
  })
  expect(response.status()).toBe(200)
  const { user, token } = await response.json()
  return { id: user.id as number, headers: { authorization: `JWT ${token}` } }
}

async function firstMessage(response: APIResponse): Promise<string | undefined> {
  const body = (await response.json()) as { errors?: { message?: string }[] }
  return body.errors?.[0]?.message
}

test('an admin dropping their own admin role reads why it was refused', async ({ request }) => {
  const { id, headers } = await signInAsAdmin(request)
  const response = await request.patch(`/api/users/${id}`, { headers, data: { role: 'staff' } })
  expect(response.status()).toBe(400)
  expect(await firstMessage(response)).toBe('You cannot remove your own admin role or approval.')
  const me = await (await request.get(`/api/users/${id}`, { headers })).json()
  expect(me.role).toBe('admin')
})

test('the last admin removing their own account reads why it was refused', async ({ request }) => {
  const { id, headers } = await signInAsAdmin(request)
  const response = await request.delete(`/api/users/${id}`, { headers })
  expect(response.status()).toBe(400)
  expect(await firstMessage(response)).toBe('The last admin cannot be removed.')
  expect((await request.get(`/api/users/${id}`, { headers })).status()).toBe(200)
})

test('a lead body that is not an object is refused with its reason', async ({ request }) => {
  const response = await request.post('/api/leads', {
    headers: { 'content-type': 'application/json', 'x-forwarded-for': '198.51.100.71' },
    data: '[1,2]',
  })
  expect(response.status()).toBe(400)
  expect(await firstMessage(response)).toBe('The request body must be a JSON object.')
})

test('too many lead creates from one connection read the rate-limit message', async ({ request }) => {
  const headers = { 'x-forwarded-for': '198.51.100.72' }
  // Every create counts before validation, so empty bodies use the allowance without
  // saving anything.
  for (let i = 0; i < 5; i++) {
    const response = await request.post('/api/leads', { headers, data: {} })
    expect(response.status()).toBe(400)
  }
  const limited = await request.post('/api/leads', { headers, data: {} })
  expect(limited.status()).toBe(429)
  expect(await firstMessage(limited)).toBe(
    'Too many quote requests from this connection. Please try again in a few minutes.',
  )
})

test('an upload from someone who is not staff is refused before it is read, with its reason', async ({
  request,
}) => {
  const response = await request.post('/api/gallery-images', {
    headers: { 'x-forwarded-for': '198.51.100.73' },
    multipart: {
      _payload: JSON.stringify({ alt: 'A rim' }),
      file: { name: 'rim.png', mimeType: 'image/png', buffer: Buffer.alloc(8 * 1024 * 1024) },
    },
  })
  expect(response.status()).toBe(403)
  expect(await firstMessage(response)).toBe('You are not allowed to perform this action.')
})

test('a body past its cap reads why it was refused, and the next request still goes through', async ({
  request,
}) => {
  const response = await request.post('/api/users/login', {
    headers: { 'content-type': 'application/json', 'x-forwarded-for': '198.51.100.74' },
    data: JSON.stringify({ email: 'a@b.test', password: 'x'.repeat(5 * 1024 * 1024) }),
  })
  expect(response.status()).toBe(413)
  expect(await firstMessage(response)).toBe('The request body is too large.')
  expect((await request.get('/api/promotions?limit=1')).status()).toBe(200)
})

// A field's own rule: the answer names the field and carries the rule's message, which
// Payload's admin shows under that field.
test("a value a field's rule refuses comes back with that field's message", async ({ request }) => {
  const { headers } = await signInAsAdmin(request)
  const response = await request.post('/api/promotions', {
    headers,
    data: { title: 'Too generous', discountType: 'percentage', discountValue: 150, isActive: false },
  })
  expect(response.status()).toBe(400)
  const body = (await response.json()) as {
    errors?: { name?: string; data?: { errors?: { path?: string; message?: string }[] } }[]
  }
  expect(body.errors?.[0]?.name).toBe('ValidationError')
  expect(body.errors?.[0]?.data?.errors).toEqual([
    expect.objectContaining({
      path: 'discountValue',
      message: 'A percentage discount must be between 0 and 100.',
    }),
  ])
  const list = await request.get('/api/promotions?where[title][equals]=Too%20generous', { headers })
  expect((await list.json()).totalDocs).toBe(0)
})

test('an empty note on a lead, and a visit at a time not offered, read why they were refused', async ({
  request,
}) => {
  const { headers } = await signInAsAdmin(request)
  const leadId = await staffLead(request, headers, {
    firstName: 'Nora',
    lastName: 'Note',
    email: `note-${Date.now()}@example.com`,
    phone: '(512) 555-0196',
    description: 'One scuffed rim.',
    serviceType: 'rim_rash',
  })
  const note = await request.post('/api/lead-events', { headers, data: { lead: leadId, text: '   ' } })
  expect(note.status()).toBe(400)
  expect(await firstMessage(note)).toBe('Write the note first.')
  // Three in the morning is never a slot.
  const visit = await request.post('/api/visits/book', {
    headers,
    data: { lead: leadId, start: '2030-01-07T09:00:00.000Z' },
  })
  expect(visit.status()).toBe(400)
  expect(await firstMessage(visit)).toBe('That time is not offered. Please pick one of the times shown.')
  // Only what was refused is counted: the request's own e-mails add their deliveries to the
  // timeline whenever the job queue gets to them.
  const events = await request.get(
    `/api/lead-events?where[lead][equals]=${leadId}&where[kind][in]=note,visit_booked,visit_moved`,
    { headers },
  )
  expect((await events.json()).totalDocs).toBe(0)
  const visits = await request.get(`/api/visits?where[lead][equals]=${leadId}`, { headers })
  expect((await visits.json()).totalDocs).toBe(0)
})
