// Must come first: points DATA_DIR at this test file's own folder before the config loads.
import './env'

import config from '@payload-config'
import { sql } from '@payloadcms/db-postgres'
import type { PostgresAdapter } from '@payloadcms/db-postgres'
import type { CollectionSlug, Payload } from 'payload'
import { getPayload } from 'payload'

import type { User } from '@/payload-types'
import { WORK_ORDER_COUNTER_TABLE, YEAR_COUNTER_TABLES } from '@/server/db-schema'

export async function testPayload(): Promise<Payload> {
  if (!process.env.DATABASE_URL) {
    throw new Error('Integration tests need a database: run them with `npm run test:int`.')
  }
  return getPayload({ config })
}

const COLLECTIONS = [
  // Before the dealerships they belong to (a credit before the statement that carried it).
  'statement-credits',
  'statements',
  'work-orders',
  'work-order-photos',
  // Before the leads they belong to.
  'payments',
  'invoices',
  'text-messages',
  'visits',
  'quotes',
  'lead-events',
  'exports',
  'imports',
  'leads',
  'gallery-items',
  'promotions',
  'gallery-images',
  'customer-uploads',
  'users',
  'dealerships',
  'payload-jobs',
  'job-postings',
  'redirects',
  'erasures',
  'page-seo',
  'review-opt-outs',
  'text-opt-outs',
] as const

// Every rate limit's counters start again.
export async function clearRateLimits(payload: Payload): Promise<void> {
  await (payload.db as unknown as PostgresAdapter).drizzle.execute(sql`DELETE FROM rate_limit_points`)
}

// Empties these collections in this order (rows that point at others first), straight through
// the database adapter: no hooks, no access control.
export async function emptyCollections(
  payload: Payload,
  collections: readonly CollectionSlug[],
): Promise<void> {
  for (const collection of collections) {
    // Versions first (a find with `draft: true` reads them; a quote's name its lead).
    if (payload.collections[collection].config.versions) {
      await payload.db.deleteVersions({ collection, where: {} })
    }
    await payload.db.deleteMany({ collection, where: {} })
  }
}

// Empties every collection straight through the database adapter: no hooks (the
// last-admin guard would refuse), no access control, and removes the globals' rows, so
// each file starts from the settings' defaults whatever the files before it saved. Files
// on disk are left alone.
export async function resetDatabase(payload: Payload): Promise<void> {
  await emptyCollections(payload, COLLECTIONS)
  const db = payload.db as unknown as PostgresAdapter
  await clearRateLimits(payload)
  // Numbers start again too (a file's statement is S2026-0001, whichever files came before).
  for (const table of [...YEAR_COUNTER_TABLES, WORK_ORDER_COUNTER_TABLE]) {
    await db.drizzle.execute(sql`DELETE FROM ${sql.identifier(table)}`)
  }
  for (const global of payload.config.globals) {
    await db.drizzle.delete(
      db.tables[db.tableNameMap.get(toSnakeCase(global.slug)) ?? toSnakeCase(global.slug)],
    )
    // Versions too: a draft one file saved is not another file's starting point.
    const versions = db.tables[`_${toSnakeCase(global.slug)}_v`]
    if (versions) await db.drizzle.delete(versions)
  }
}

const toSnakeCase = (slug: string) => slug.replace(/-/g, '_')

// A partner is a dealership's account (setupHarness({ partner: true }) makes its dealership).
export type Persona = 'anonymous' | 'unapproved' | 'staff' | 'admin' | 'partner'

let counter = 0

// Creates an account of the given kind (verified, so it can log in) and returns it
// with its password. The first account created in an empty database becomes an
// admin; call this for 'admin' first when the order matters.
export async function createUser(
  payload: Payload,
  kind: Exclude<Persona, 'anonymous'>,
  dealership?: number,
): Promise<{ user: User & { collection: 'users' }; email: string; password: string }> {
  counter += 1
  const email = `${kind}-${Date.now()}-${counter}@curbside.test`
  const password = `pw-${kind}-${counter}-secret`
  const user = await payload.create({
    collection: 'users',
    data: {
      email,
      password,
      role: kind === 'admin' ? 'admin' : kind === 'partner' ? 'partner' : 'staff',
      approved: kind !== 'unapproved',
      ...(dealership === undefined ? {} : { dealership }),
      _verified: true,
    },
    disableVerificationEmail: true,
  })
  return { user: { ...user, collection: 'users' }, email, password }
}
