import type { Payload } from 'payload'

import { setupLink } from '@/server/setup-token'

// The sign-up refuses the first account without the token in this link.
export async function announceSetupLink(payload: Payload): Promise<void> {
  // A build starts Payload on a throwaway database, often without the real secret.
  if (process.env.NEXT_PHASE === 'phase-production-build') return
  const { totalDocs } = await payload.count({ collection: 'users', overrideAccess: true })
  if (totalDocs > 0) return
  payload.logger.warn(
    `\n  This site has no admin yet. Create the first account here:\n  ${setupLink(payload.config.serverURL, payload.secret)}\n`,
  )
}
