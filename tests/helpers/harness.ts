// Must come first: points DATA_DIR at this test file's own folder before the config loads.
import { removeTestDataDir } from './env'

import type { Payload } from 'payload'
import { afterAll, beforeAll } from 'vitest'

import type { User } from '@/payload-types'

import { HttpClient, type Session } from './http-client'
import { startTestServer, type TestServer } from './http-server'
import { seedDealership } from './dealers'
import { createUser, resetDatabase, testPayload, type Persona } from './payload'

export type { Persona }
export const PERSONAS: readonly Persona[] = ['anonymous', 'unapproved', 'staff', 'admin', 'partner']
export type SignedInPersona = Exclude<Persona, 'anonymous'>

// Loosely typed documents: the tests compare what came back with what the database holds.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Doc = Record<string, any>

export type Account = {
  user: User & { collection: 'users' }
  email: string
  password: string
  // The HTTP session (cookie and token) when the harness runs a server.
  session: NonNullable<Session> | null
}

export type Harness = {
  payload: Payload
  // With `partner`: the partner persona's dealership, and another one with its own partner.
  dealerships: { own: number; other: number }
  otherPartner: Account
  http: HttpClient
  accounts: Record<SignedInPersona, Account>
  // The Local API `user` of a persona (undefined for anonymous).
  userOf: (persona: Persona) => (User & { collection: 'users' }) | undefined
  // The HTTP session of a persona (null for anonymous).
  sessionOf: (persona: Persona) => Session
}

// One test file's world: Payload on the test database, emptied; the personas (the admin
// first, since the first account ever created becomes an admin); with `http`, a real
// HTTP server in front of Payload's REST and GraphQL handlers and every persona logged
// in through POST /api/users/login. Payload's logger is silenced (refusals are logged as
// errors otherwise); TEST_LOG=1 brings it back.
export function setupHarness(
  options: { http?: boolean; personas?: boolean; partner?: boolean } = {},
): Harness {
  const { http = false, personas = true, partner = false } = options
  let server: TestServer | null = null
  const h = { accounts: {} } as Harness

  beforeAll(async () => {
    h.payload = await testPayload()
    if (!process.env.TEST_LOG) h.payload.logger.level = 'silent'
    await resetDatabase(h.payload)
    if (http) {
      server = await startTestServer()
      h.http = new HttpClient(server.url)
    }
    if (personas) {
      for (const persona of ['admin', 'staff', 'unapproved'] as const) {
        const account = await createUser(h.payload, persona)
        h.accounts[persona] = {
          ...account,
          session: http ? await h.http.login(account.email, account.password) : null,
        }
      }
    }
    if (partner) {
      h.dealerships = {
        own: (await seedDealership(h.payload, 'Capital City Motors')).id,
        other: (await seedDealership(h.payload, 'Lakeline Auto Group')).id,
      }
      const signIn = async (account: Awaited<ReturnType<typeof createUser>>) => ({
        ...account,
        session: http ? await h.http.login(account.email, account.password) : null,
      })
      h.accounts.partner = await signIn(await createUser(h.payload, 'partner', h.dealerships.own))
      h.otherPartner = await signIn(await createUser(h.payload, 'partner', h.dealerships.other))
    }
  })

  // Payload stays up: in the `int` project the worker's next file uses it
  // (tests/helpers/int-shared-setup.ts), and an isolated file's process ends with the file.
  afterAll(async () => {
    await server?.close()
    removeTestDataDir()
  })

  h.userOf = (persona) => (persona === 'anonymous' ? undefined : h.accounts[persona].user)
  h.sessionOf = (persona) => (persona === 'anonymous' ? null : h.accounts[persona].session)
  return h
}
