import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

// Imported before the Payload config (tests/helpers/payload.ts imports it first): the
// files and captured e-mails an integration test run writes go to a temporary
// directory of their own, never into the developer's .data/ (src/lib/paths.ts reads
// DATA_DIR when the config is loaded). File names are then predictable too, since
// Payload renames an upload whose name already exists on disk.
export const TEST_DATA_DIR = fs.mkdtempSync(path.join(os.tmpdir(), 'curbside-int-'))
process.env.DATA_DIR = TEST_DATA_DIR

export function removeTestDataDir(): void {
  fs.rmSync(TEST_DATA_DIR, { recursive: true, force: true })
}
