import type { SanitizedConfig } from 'payload'

import { nobody } from '@/access/nobody'

// Workaround: Payload 3.90 adds its payload-jobs-stats global (when each schedule last queued
// its job) once a task has a schedule, with the default access of any signed-in account: one
// could read it, or move a schedule's last run into the future and stop it. Only Payload's own
// scheduling, through the database adapter, needs it.
// Upstream: payload/src/queues/config/global.ts (3.90.x), no issue filed.
// Remove when its access can be configured; tests/int/patches.int.spec.ts says when.
export function restrictJobStats(config: SanitizedConfig): SanitizedConfig {
  const stats = config.globals.find((g) => g.slug === 'payload-jobs-stats')
  if (!stats) throw new Error('payload-jobs-stats is missing: review restrictJobStats.')
  stats.access = { ...stats.access, read: nobody, readVersions: nobody, update: nobody }
  return config
}
