import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import prompts from 'prompts'

// Imported before the Payload config (tests/helpers/payload.ts and http-server.ts import
// it first): the files and captured e-mails of the tests go to a folder of their own
// (inside the run's DATA_DIR that scripts/with-services.mjs provides, else the system
// temp folder), never into the developer's .data/. src/server/paths.ts reads DATA_DIR when
// the config is loaded. Evaluated once per module graph: per file in the `int-isolated`
// project, per worker in `int`, where int-shared-setup.ts empties the folder before each
// file. File names are then predictable too, since Payload renames an upload whose name
// already exists on disk.
const base = process.env.DATA_DIR || os.tmpdir()
fs.mkdirSync(base, { recursive: true })
export const TEST_DATA_DIR = fs.mkdtempSync(path.join(base, 'int-'))
process.env.DATA_DIR = TEST_DATA_DIR
// Tests run the queue themselves: Payload's cron, started by the first HTTP request a test
// server answers, would otherwise take jobs every 10 s in the middle of a test's own run.
process.env.JOBS_AUTORUN ??= 'false'

export function removeTestDataDir(): void {
  fs.rmSync(TEST_DATA_DIR, { recursive: true, force: true })
}

// The schema push (PAYLOAD_DB_PUSH) asks before it drops what the schema does not know, such as
// a table a test left behind; unanswered, every later file waited out its hook timeout. Answered
// no, Payload exits, and Vitest fails the file at once, with the push's warning above it.
prompts.override({ confirm: false })
