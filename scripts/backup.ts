// npm run backup [-- <folder>]: one dated backup of the database and every stored file into
// BACKUP_DIR (default .data/backups) or the bucket BACKUP_S3_BUCKET, keeping 7 daily and 4
// weekly; `--nightly` stays running and takes one every day at BACKUP_AT (HH:MM UTC, default
// 08:00). See docs/backups.md.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import { nextBackupAt } from '../src/lib/backup-retention'
import { alertBackupFailure, storageFromEnv, takeBackup } from '../src/server/backup'
import { backupBucketFromEnv, pruneBucketBackups, uploadBackup } from '../src/server/backup-s3'
import { UPLOADS_DIR } from '../src/server/paths'

const args = process.argv.slice(2)
const bucket = backupBucketFromEnv()
const folder = path.resolve(
  args.find((a) => !a.startsWith('--')) || process.env.BACKUP_DIR || '.data/backups',
)
const databaseUrl = process.env.DATABASE_URL!

async function once(): Promise<boolean> {
  // With a bucket, the backup is built in a scratch folder and uploaded.
  const target = bucket ? fs.mkdtempSync(path.join(os.tmpdir(), 'backup-')) : folder
  try {
    const { dir, manifest, pruned } = await takeBackup({
      databaseUrl,
      storage: storageFromEnv(UPLOADS_DIR),
      target,
      passphrase: process.env.BACKUP_ENCRYPTION_KEY || undefined,
    })
    const where = bucket ? await uploadBackup(bucket, dir) : dir
    const gone = bucket ? await pruneBucketBackups(bucket) : pruned
    const rows = Object.values(manifest.tables).reduce((a, b) => a + b, 0)
    console.log(
      `[backup] ${where}: ${Object.keys(manifest.tables).length} tables, ${rows} rows, ${manifest.files.length} files`,
    )
    if (manifest.missing.length)
      console.warn(`[backup] named by rows but not stored: ${manifest.missing.join(', ')}`)
    if (gone.length) console.log(`[backup] removed by retention: ${gone.join(', ')}`)
    return true
  } catch (err) {
    console.error('[backup] failed:', err)
    try {
      console.error(`[backup] failure e-mailed to ${(await alertBackupFailure(databaseUrl, err)).join(', ')}`)
    } catch (mailErr) {
      console.error('[backup] the failure e-mail could not be sent either:', mailErr)
    }
    return false
  } finally {
    if (bucket) fs.rmSync(target, { recursive: true, force: true })
  }
}

if (!args.includes('--nightly')) process.exit((await once()) ? 0 : 1)
for (;;) {
  const at = nextBackupAt(new Date(), process.env.BACKUP_AT || '08:00')
  console.log(`[backup] next at ${at.toISOString()}`)
  await new Promise((resolve) => setTimeout(resolve, at.getTime() - Date.now()))
  await once()
}
