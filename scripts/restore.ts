// npm run restore -- <backup folder | s3://bucket/prefix/backup-…> [--force]: into an empty
// database (or one with no data), migrated up to the backup's migrations, loaded, then
// migrated to the latest; --force replaces what is there. See docs/backups.md.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import { RestoreRefused, restoreBackup, storageFromEnv } from '../src/server/backup'
import { backupBucketFromEnv, downloadBackup } from '../src/server/backup-s3'
import { UPLOADS_DIR } from '../src/server/paths'
import { payloadMigrations } from '../src/server/restore-migrations'

const args = process.argv.slice(2)
const source = args.find((a) => !a.startsWith('--'))
if (!source) {
  console.error('Usage: npm run restore -- <backup folder | s3://bucket/prefix/backup-…> [--force]')
  process.exit(2)
}
const scratch = source.startsWith('s3://') ? fs.mkdtempSync(path.join(os.tmpdir(), 'restore-')) : null
const migrations = payloadMigrations(process.env.DATABASE_URL!)
try {
  let dir = path.resolve(source)
  if (scratch) {
    const bucket = backupBucketFromEnv()
    if (!bucket)
      throw new RestoreRefused('Set BACKUP_S3_BUCKET (and the S3_* settings) to restore from a bucket.')
    dir = await downloadBackup(bucket, source, scratch)
  }
  const { tables, files, loadedAt, migrated } = await restoreBackup({
    databaseUrl: process.env.DATABASE_URL!,
    storage: storageFromEnv(UPLOADS_DIR),
    source: dir,
    migrations,
    force: args.includes('--force'),
    passphrase: process.env.BACKUP_ENCRYPTION_KEY || undefined,
  })
  const rows = Object.values(tables).reduce((a, b) => a + b, 0)
  console.log(
    `[restore] ${source}: ${rows} rows in ${Object.keys(tables).length} tables, ${files} files, all checked`,
  )
  for (const [table, n] of Object.entries(tables)) if (n) console.log(`  ${table}: ${n}`)
  if (migrated.length) console.log(`[restore] loaded at ${loadedAt}, then migrated: ${migrated.join(', ')}`)
  process.exitCode = 0
} catch (err) {
  console.error(
    `[restore] ${err instanceof RestoreRefused ? err.message : 'failed:'}`,
    err instanceof RestoreRefused ? '' : err,
  )
  process.exitCode = 1
} finally {
  await migrations.close().catch(() => {})
  if (scratch) fs.rmSync(scratch, { recursive: true, force: true })
}
process.exit(process.exitCode)
