import type { SanitizedConfig } from 'payload'

import { approvedStaff } from '@/access/approvedStaff'

// Workaround: Payload 3.90 adds its payload-locked-documents collection (who edits which
// document) after plugins have run, open to any signed-in account, approved or not, with
// no option to change it. Its rows name accounts and documents: approved staff only.
// Upstream: payload/src/locked-documents/config.ts (3.90.x), no issue filed.
// Remove when its access can be configured; tests/int/patches.int.spec.ts says when.
export function restrictLockedDocuments(config: SanitizedConfig): SanitizedConfig {
  const locked = config.collections.find((c) => c.slug === 'payload-locked-documents')
  if (!locked) throw new Error('payload-locked-documents is missing: review restrictLockedDocuments.')
  locked.access = {
    ...locked.access,
    create: approvedStaff,
    read: approvedStaff,
    update: approvedStaff,
    delete: approvedStaff,
  }
  return config
}
