import { sql } from '@payloadcms/db-postgres'
import type { MigrateDownArgs, MigrateUpArgs, PostgresAdapter } from '@payloadcms/db-postgres'
import { describe, expect, it } from 'vitest'

import { down, up } from '../../migrations/20261123_081511_rate_limits_for_every_door'
import * as dropCollection from '../../migrations/20261125_053845_drop_rate_limits_collection'
import { setupHarness } from '../helpers/harness'

// The quote limit's table became every limit's table: a database that was counting quote
// requests when it was migrated keeps counting them under the new key names, and the way
// back leaves the quote counters as they were.
const h = setupHarness({ personas: false })
const db = () => (h.payload.db as unknown as PostgresAdapter).drizzle
const args = () => ({ db: db(), payload: h.payload, req: {} }) as unknown as MigrateUpArgs & MigrateDownArgs

async function rows(query: ReturnType<typeof sql>): Promise<{ key: string; hits: number }[]> {
  const result = (await db().execute(query)) as unknown as { rows: { key: string; hits: unknown }[] }
  return result.rows.map((r) => ({ key: r.key, hits: Number(r.hits) }))
}

describe('the rate_limits migration', () => {
  // The table this migration made was dropped later (the limits moved to rate_limit_points):
  // step back over that migration first, and forward again at the end.
  it('renames quote counters to quote:address:… keys and back', async () => {
    await dropCollection.down(args())
    await db().execute(sql`
      INSERT INTO rate_limits (key, window_started_at, hits, updated_at, created_at) VALUES
        ('quote:address:203.0.113.9', now(), 2, now(), now()),
        ('login:email:someone@curbside.test', now(), 4, now(), now())`)

    await down(args())
    expect(await rows(sql`SELECT client AS key, hits FROM quote_rate_limits ORDER BY client`)).toEqual([
      { key: '203.0.113.9', hits: 2 },
    ])

    // Counters as the quote limit wrote them before, and one of the account limits that
    // shared the table under its own name.
    await db().execute(sql`
      INSERT INTO quote_rate_limits (client, window_started_at, hits, updated_at, created_at) VALUES
        ('2001:db8:1::/64', now(), 5, now(), now()),
        ('signup:address:198.51.100.4', now(), 1, now(), now())`)

    await up(args())
    expect(await rows(sql`SELECT key, hits FROM rate_limits ORDER BY key`)).toEqual([
      { key: 'quote:address:2001:db8:1::/64', hits: 5 },
      { key: 'quote:address:203.0.113.9', hits: 2 },
      { key: 'signup:address:198.51.100.4', hits: 1 },
    ])
    await dropCollection.up(args())
    const left = await db().execute(sql`SELECT to_regclass('rate_limits') AS t`)
    expect((left as unknown as { rows: { t: unknown }[] }).rows[0].t).toBeNull()
  })
})
