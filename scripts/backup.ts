// npm run backup [-- <folder>]: one dated backup of the database and every stored file into
// BACKUP_DIR (default .data/backups), keeping 7 daily and 4 weekly. See docs/backups.md.
import path from 'node:path'

import { takeBackup, storageFromEnv } from '../src/server/backup'
import { UPLOADS_DIR } from '../src/server/paths'

const target = path.resolve(process.argv[2] || process.env.BACKUP_DIR || '.data/backups')
try {
  const { dir, manifest, pruned } = await takeBackup({
    databaseUrl: process.env.DATABASE_URL!,
    storage: storageFromEnv(UPLOADS_DIR),
    target,
  })
  const rows = Object.values(manifest.tables).reduce((a, b) => a + b, 0)
  console.log(
    `[backup] ${dir}: ${Object.keys(manifest.tables).length} tables, ${rows} rows, ${manifest.files.length} files`,
  )
  if (manifest.missing.length)
    console.warn(`[backup] named by rows but not stored: ${manifest.missing.join(', ')}`)
  if (pruned.length) console.log(`[backup] removed by retention: ${pruned.join(', ')}`)
  process.exit(0)
} catch (err) {
  console.error('[backup] failed:', err)
  process.exit(1)
}
