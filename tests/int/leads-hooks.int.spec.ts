import { beforeAll, describe, expect, it } from 'vitest'

import { LEAD_STATUSES } from '@/lib/lead-status'

import {
  type Channel,
  type ChannelName,
  channelFor,
  expectInvalid,
  expectOk,
  expectSchemaRefusal,
} from '../helpers/channels'
import { leadInput, row, seedCustomerUpload, seedLead, snapshot } from '../helpers/fixtures'
import { type Persona, setupHarness } from '../helpers/harness'

// The lead rules through the Local API (overrideAccess: false), REST and GraphQL: the
// status moves exactly one step forward, the public cannot choose a status, required
// fields and options are validated. Each refused write is checked to leave the row (or
// the collection) exactly as it was.

const h = setupHarness({ http: true })
const CHANNELS = ['local', 'rest', 'graphql'] as const
const channels = {} as Record<ChannelName, Channel>

beforeAll(() => {
  for (const name of CHANNELS) channels[name] = channelFor(name, h)
})

type Status = (typeof LEAD_STATUSES)[number]

// from → to: null when allowed, else the message on path 'status'
function transitionError(from: Status, to: Status): string | null {
  const next: Record<Status, Status | null> = {
    new: 'contacted',
    contacted: 'quoted',
    quoted: 'completed',
    completed: null,
  }
  if (from === to || next[from] === to) return null
  if (from === 'completed') return 'This lead is already "completed"; its status cannot change any more.'
  return `A lead's status can only move one step forward: from "${from}" the next status is "${next[from]}".`
}

// prettier-ignore
const TRANSITIONS: [Status, Status, 'ok' | 'refused'][] = LEAD_STATUSES.flatMap((from) =>
  LEAD_STATUSES.map((to): [Status, Status, 'ok' | 'refused'] => [from, to, transitionError(from, to) ? 'refused' : 'ok']),
)

const REQUIRED: { field: string; label: string; message: string }[] = [
  { field: 'firstName', label: 'First Name', message: 'This field is required.' },
  { field: 'lastName', label: 'Last Name', message: 'This field is required.' },
  { field: 'phone', label: 'Phone', message: 'This field is required.' },
  // Payload's e-mail validation answers for a missing e-mail too
  { field: 'email', label: 'Email', message: 'Please enter a valid email address.' },
  { field: 'description', label: 'Description', message: 'This field is required.' },
  { field: 'serviceType', label: 'Service Type', message: 'This field is required.' },
]

describe('the table of status changes is the one the rule describes', () => {
  it('allows exactly the 4 same-status and 3 one-step-forward changes', () => {
    expect(TRANSITIONS.filter(([, , r]) => r === 'ok').map(([f, t]) => `${f}->${t}`)).toEqual([
      'new->new',
      'new->contacted',
      'contacted->contacted',
      'contacted->quoted',
      'quoted->quoted',
      'quoted->completed',
      'completed->completed',
    ])
  })
})

describe.each(CHANNELS)('leads over %s', (name) => {
  const ch = () => channels[name]

  describe('status changes by approved staff', () => {
    for (const [from, to, result] of TRANSITIONS) {
      it(`${from} → ${to}: ${result}`, async () => {
        const lead = await seedLead(h.payload, { status: from })
        const res = await ch().update('leads', 'staff', lead.id, {
          status: to,
          description: 'Updated by staff',
        })
        const stored = await row(h.payload, 'leads', lead.id)
        if (result === 'ok') {
          expectOk(res)
          expect(stored).toEqual({
            ...lead,
            status: to,
            description: 'Updated by staff',
            updatedAt: stored!.updatedAt,
            // Completing a job queues its review request (tests/int/review-requests.int.spec.ts).
            reviewRequestQueuedAt:
              to === 'completed' && from !== 'completed' ? expect.any(String) : lead.reviewRequestQueuedAt,
          })
        } else {
          expectInvalid(res, 'The following field is invalid: Status', [
            { path: 'status', message: transitionError(from, to)! },
          ])
          expect(stored).toEqual(lead)
        }
      })
    }
  })

  it('a completed lead still takes changes to its other fields', async () => {
    const lead = await seedLead(h.payload, { status: 'completed' })
    const res = await ch().update('leads', 'staff', lead.id, { phone: '(512) 555-0111' })
    expectOk(res)
    expect(await row(h.payload, 'leads', lead.id)).toMatchObject({
      status: 'completed',
      phone: '(512) 555-0111',
    })
  })

  describe('who chooses the status on create', () => {
    const cases: [Persona, string, string][] = [
      ['anonymous', 'completed', 'new'],
      ['anonymous', 'quoted', 'new'],
      ['unapproved', 'completed', 'new'],
      ['unapproved', 'quoted', 'new'],
      ['staff', 'quoted', 'quoted'],
      ['staff', 'completed', 'completed'],
      ['admin', 'contacted', 'contacted'],
    ]
    for (const [persona, sent, stored] of cases) {
      it(`${persona} sends '${sent}' → '${stored}'`, async () => {
        const res = await ch().create('leads', persona, leadInput({ status: sent }))
        expectOk(res)
        expect(await row(h.payload, 'leads', res.doc!.id)).toMatchObject({ status: stored })
      })
    }
  })

  describe('invalid values are refused with the field path, and nothing is created', () => {
    const cases: {
      name: string
      persona: Persona
      data: Record<string, unknown>
      message: string
      errors: { path: string; message: string }[]
    }[] = [
      {
        name: 'unknown serviceType',
        persona: 'anonymous',
        data: leadInput({ serviceType: 'teleportation' }),
        message: 'The following field is invalid: Service Type',
        errors: [{ path: 'serviceType', message: 'This field has an invalid selection.' }],
      },
      {
        name: 'malformed e-mail',
        persona: 'anonymous',
        data: leadInput({ email: 'not-an-email' }),
        message: 'The following field is invalid: Email',
        errors: [{ path: 'email', message: 'Please enter a valid email address.' }],
      },
      {
        name: 'unknown status from staff',
        persona: 'staff',
        data: leadInput({ status: 'archived' }),
        message: 'The following field is invalid: Status',
        errors: [{ path: 'status', message: 'This field has an invalid selection.' }],
      },
    ]
    for (const c of cases) {
      it(c.name, async () => {
        const before = await snapshot(h.payload, 'leads')
        // GraphQL's input type insists on a status (see "GraphQL and the lead status" below)
        const res = await ch().create(
          'leads',
          c.persona,
          name === 'graphql' ? { status: 'new', ...c.data } : c.data,
        )
        if (name === 'graphql') {
          // enums are checked by GraphQL's schema before Payload sees the request
          if (c.name === 'unknown serviceType') {
            expectSchemaRefusal(
              res,
              /Value "teleportation" does not exist in "Lead_serviceType_MutationInput" enum/,
            )
          } else if (c.name === 'unknown status from staff') {
            expectSchemaRefusal(res, /Value "archived" does not exist in "Lead_status_MutationInput" enum/)
          } else {
            expectInvalid(res, c.message, c.errors)
          }
        } else {
          expectInvalid(res, c.message, c.errors)
        }
        expect(await snapshot(h.payload, 'leads')).toEqual(before)
      })
    }
  })
})

// GraphQL's input type declares the required fields non-null, so a missing one is turned
// away by the schema; the Local API and REST reach Payload's validation.
describe.each(['local', 'rest'] as const)('required lead fields over %s', (name) => {
  for (const { field, label, message } of REQUIRED) {
    it(`without ${field}: 400 on path '${field}', no row`, async () => {
      const before = await snapshot(h.payload, 'leads')
      const data = leadInput()
      delete data[field]
      const res = await channels[name].create('leads', 'anonymous', data)
      expectInvalid(res, `The following field is invalid: ${label}`, [{ path: field, message }])
      expect(await snapshot(h.payload, 'leads')).toEqual(before)
    })

    it(`${field} emptied on update: 400 on path '${field}', row unchanged`, async () => {
      const lead = await seedLead(h.payload)
      const res = await channels[name].update('leads', 'staff', lead.id, {
        [field]: field === 'serviceType' ? null : '',
      })
      expectInvalid(res, `The following field is invalid: ${label}`, [{ path: field, message }])
      expect(await row(h.payload, 'leads', lead.id)).toEqual(lead)
    })
  }

  it('with every required field missing: one error per field, in order, no row', async () => {
    const before = await snapshot(h.payload, 'leads')
    const res = await channels[name].create('leads', 'anonymous', {})
    expectInvalid(
      res,
      `The following fields are invalid: ${REQUIRED.map((r) => r.label).join(', ')}`,
      REQUIRED.map(({ field, message }) => ({ path: field, message })),
    )
    expect(await snapshot(h.payload, 'leads')).toEqual(before)
  })
})

describe('required lead fields over graphql', () => {
  for (const { field } of REQUIRED) {
    it(`without ${field}: refused by the schema, no row`, async () => {
      const before = await snapshot(h.payload, 'leads')
      const data = leadInput({ status: 'new' })
      delete data[field]
      const res = await channels.graphql.create('leads', 'anonymous', data)
      expectSchemaRefusal(res, new RegExp(`Field "${field}" of required type "[A-Za-z_]+!" was not provided`))
      expect(await snapshot(h.payload, 'leads')).toEqual(before)
    })
  }
})

// Status is a required select with a default, so GraphQL's input type makes it non-null:
// a GraphQL client must send some status, which field access then replaces with 'new'
// for anyone but approved staff (the "who chooses the status" cases above send one).
describe('GraphQL and the lead status', () => {
  it('a createLead without status is refused by the schema, no row', async () => {
    const before = await snapshot(h.payload, 'leads')
    const res = await channels.graphql.create('leads', 'anonymous', leadInput())
    expectSchemaRefusal(res, /Field "status" of required type "Lead_status_MutationInput!" was not provided/)
    expect(await snapshot(h.payload, 'leads')).toEqual(before)
  })
})

// The quote form's rules (src/lib/request-schema.ts) hold for every way a lead is written:
// text stored trimmed, whitespace alone counts as missing, the same e-mail rule.
describe.each(CHANNELS)("the quote form's rules over %s", (name) => {
  const ch = () => channels[name]
  // GraphQL's input type insists on a status (see "GraphQL and the lead status")
  const input = (overrides: Record<string, unknown> = {}) =>
    name === 'graphql' ? leadInput({ status: 'new', ...overrides }) : leadInput(overrides)

  it('text is stored trimmed', async () => {
    const res = await ch().create(
      'leads',
      'anonymous',
      input({
        firstName: '  Maria ',
        lastName: '\tGonzalez\n',
        phone: ' (512) 555-0177  ',
        email: ' maria.trim@example.com ',
        description: '\n  Curb rash on both front wheels.  \n',
      }),
    )
    expectOk(res)
    expect(await row(h.payload, 'leads', res.doc!.id)).toMatchObject({
      firstName: 'Maria',
      lastName: 'Gonzalez',
      phone: '(512) 555-0177',
      email: 'maria.trim@example.com',
      description: 'Curb rash on both front wheels.',
    })
  })

  const blank: [string, string][] = [
    ['firstName', 'First Name'],
    ['lastName', 'Last Name'],
    ['phone', 'Phone'],
    ['description', 'Description'],
  ]
  for (const [field, label] of blank) {
    it(`${field} of whitespace only: refused as missing, no row`, async () => {
      const before = await snapshot(h.payload, 'leads')
      const res = await ch().create('leads', 'anonymous', input({ [field]: ' \t\n ' }))
      expectInvalid(res, `The following field is invalid: ${label}`, [
        { path: field, message: 'This field is required.' },
      ])
      expect(await snapshot(h.payload, 'leads')).toEqual(before)
    })
  }

  it('a name emptied to whitespace by staff: refused, row unchanged', async () => {
    const lead = await seedLead(h.payload)
    const res = await ch().update('leads', 'staff', lead.id, { lastName: '   ' })
    expectInvalid(res, 'The following field is invalid: Last Name', [
      { path: 'lastName', message: 'This field is required.' },
    ])
    expect(await row(h.payload, 'leads', lead.id)).toEqual(lead)
  })

  const emails: [string, string][] = [
    // Payload's own e-mail check refuses it first, with its message
    ['maria@ex-.com', 'Please enter a valid email address.'],
    // Payload's check takes it; the form's rule does not
    ['maria!@example.com', 'Enter a valid email address.'],
  ]
  for (const [email, message] of emails) {
    it(`e-mail ${email}: refused as the form refuses it, no row`, async () => {
      const before = await snapshot(h.payload, 'leads')
      const res = await ch().create('leads', 'anonymous', input({ email }))
      expectInvalid(res, 'The following field is invalid: Email', [{ path: 'email', message }])
      expect(await snapshot(h.payload, 'leads')).toEqual(before)
    })
  }
})

// Customer photos are private; only approved staff (and the quote endpoint, with the
// server's rights) may link them to a lead. Anyone else's `photos` is dropped.
describe.each(CHANNELS)('who links customer photos on create over %s', (name) => {
  const cases: [Persona, 'kept' | 'dropped'][] = [
    ['anonymous', 'dropped'],
    ['unapproved', 'dropped'],
    ['staff', 'kept'],
    ['admin', 'kept'],
  ]
  for (const [persona, outcome] of cases) {
    it(`${persona}: ${outcome}`, async () => {
      const photo = await seedCustomerUpload(h.payload)
      const data = leadInput({ photos: [photo.id], ...(name === 'graphql' ? { status: 'new' } : {}) })
      const res = await channels[name].create('leads', persona, data)
      expectOk(res)
      expect(await row(h.payload, 'leads', res.doc!.id)).toMatchObject({
        photos: outcome === 'kept' ? [photo.id] : [],
      })
    })
  }
})
