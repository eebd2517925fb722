import { sql } from '@payloadcms/db-postgres'
import { commitTransaction, createLocalReq, initTransaction, killTransaction } from 'payload'
import type { Payload } from 'payload'

import { DEFAULT_HOME_CONTENT, homePageData } from '@/lib/home-content'
import { dbOf } from '@/server/db'

/**
 * Publishes the spec's home page as the first version of a home page never saved, so the
 * owner's history starts from the written texts and prices and "restore" can bring them back.
 * Instances starting together take turns on a lock: one version, whoever comes first.
 * True when this call published it.
 */
export async function publishFirstHomePageVersion(payload: Payload): Promise<boolean> {
  const req = await createLocalReq({ context: { disableRevalidate: true } }, payload)
  const own = await initTransaction(req)
  try {
    const db = await dbOf(payload, req)
    await db.execute(sql`SELECT pg_advisory_xact_lock(hashtext('home-page first version'))`)
    const { totalDocs } = await payload.countGlobalVersions({ global: 'home-page', req })
    const published = totalDocs === 0
    if (published) {
      await payload.updateGlobal({
        slug: 'home-page',
        data: { ...homePageData(DEFAULT_HOME_CONTENT), _status: 'published' },
        req,
      })
    }
    if (own) await commitTransaction(req)
    return published
  } catch (err) {
    if (own) await killTransaction(req)
    throw err
  }
}
