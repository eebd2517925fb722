import fs from 'node:fs/promises'
import path from 'node:path'

import type { Payload } from 'payload'

import { deleteS3ObjectsWithPrefix, s3Enabled } from '@/server/s3'

// Each photo is named after a fresh UUID, so the prefix finds exactly a rolled-back
// submission's files, even for a photo whose database row never made it.
export async function removeStoredFiles(
  payload: Payload,
  baseNames: string[],
  collection: 'customer-uploads' | 'work-order-photos' = 'customer-uploads',
): Promise<void> {
  if (baseNames.length === 0) return
  const owns = (name: string) =>
    baseNames.some((base) => name === base || name.startsWith(`${base}.`) || name.startsWith(`${base}-`))
  if (s3Enabled()) {
    for (const base of baseNames) await deleteS3ObjectsWithPrefix(`${collection}/${base}`)
    return
  }
  const dir = payload.collections[collection].config.upload.staticDir
  if (!dir) return
  let names: string[] = []
  try {
    names = await fs.readdir(dir)
  } catch {
    return
  }
  await Promise.all(names.filter(owns).map((name) => fs.rm(path.join(dir, name), { force: true })))
}
