import type { Payload } from 'payload'

import { serverUrl } from '@/lib/server-url'

import { DEV_ADMIN } from './dev-admin'
import { seed } from './index'

// Development only: the first start fills the database with demo content and every
// start prints the development admin's credentials. Never in production or tests.
export async function seedOnInit(payload: Payload): Promise<void> {
  if (process.env.NODE_ENV !== 'development' || process.env.SEED === 'false') return
  try {
    const { created } = await seed(payload)
    if (created.length) payload.logger.info(`Seeded demo content: ${created.join(', ')}`)
  } catch (err) {
    payload.logger.error({ err }, 'Seeding demo content failed')
    return
  }
  const url = serverUrl()
  payload.logger.info(
    `\n  Back office: ${url}/admin\n  Development admin: ${DEV_ADMIN.email} / ${DEV_ADMIN.password}\n`,
  )
}
