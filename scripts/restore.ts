// npm run restore -- <backup folder> [--force]: into a migrated database with no data (the
// npm script runs the migrations first); --force replaces what is there. See docs/backups.md.
import path from 'node:path'

import { RestoreRefused, restoreBackup, storageFromEnv } from '../src/server/backup'
import { UPLOADS_DIR } from '../src/server/paths'

const args = process.argv.slice(2)
const source = args.find((a) => !a.startsWith('--'))
if (!source) {
  console.error('Usage: npm run restore -- <backup folder> [--force]')
  process.exit(2)
}
try {
  const { tables, files } = await restoreBackup({
    databaseUrl: process.env.DATABASE_URL!,
    storage: storageFromEnv(UPLOADS_DIR),
    source: path.resolve(source),
    force: args.includes('--force'),
    passphrase: process.env.BACKUP_ENCRYPTION_KEY || undefined,
  })
  const rows = Object.values(tables).reduce((a, b) => a + b, 0)
  console.log(
    `[restore] ${source}: ${rows} rows in ${Object.keys(tables).length} tables, ${files} files, all checked`,
  )
  for (const [table, n] of Object.entries(tables)) if (n) console.log(`  ${table}: ${n}`)
  process.exit(0)
} catch (err) {
  console.error(
    `[restore] ${err instanceof RestoreRefused ? err.message : 'failed:'}`,
    err instanceof RestoreRefused ? '' : err,
  )
  process.exit(1)
}
