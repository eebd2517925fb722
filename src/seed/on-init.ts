import type { Payload } from 'payload'

import { serverUrl } from '@/lib/server-url'

import { seedDealerDemo } from './dealer-demo'
import { DEV_ADMIN, DEV_PARTNER } from './dev-admin'
import { seed } from './index'

// Development only, never in production or tests.
export async function seedOnInit(payload: Payload): Promise<void> {
  if (process.env.NODE_ENV !== 'development' || process.env.SEED === 'false') return
  try {
    const { created } = await seed(payload)
    const dealer = await seedDealerDemo(payload)
    created.push(...dealer.created)
    if (created.length) payload.logger.info(`Seeded demo content: ${created.join(', ')}`)
  } catch (err) {
    payload.logger.error({ err }, 'Seeding demo content failed')
    return
  }
  const url = serverUrl()
  payload.logger.info(
    `\n  Back office: ${url}/admin\n  Development admin: ${DEV_ADMIN.email} / ${DEV_ADMIN.password}` +
      `\n  Partner portal: ${url}/partners\n  Development partner: ${DEV_PARTNER.email} / ${DEV_PARTNER.password}\n`,
  )
}
