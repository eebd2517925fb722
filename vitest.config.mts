import { fileURLToPath } from 'node:url'

import { defineConfig } from 'vitest/config'

import { lexicalCondition } from './src/server/patches/lexical-node-conditions.mjs'

// Integration files that load the app their own way, so they run each in a fresh module graph
// with a Payload of its own: settings read when the config loads, set by the file first
// (SMTP_HOST for the e-mail adapter, S3_BUCKET for the storage plugin, the e-mail job's
// retries); vi.mock or vi.resetModules; Payload destroyed, reloaded with another import map,
// or its cron started; a Redis connection the app keeps in a module (src/server/revalidate.ts).
const ISOLATED = [
  'tests/int/banner.int.spec.ts',
  'tests/int/cache-handler.int.spec.ts',
  'tests/int/email.int.spec.ts',
  'tests/int/email-once.int.spec.ts',
  'tests/int/erase-texts.int.spec.ts',
  'tests/int/job-runner.int.spec.ts',
  'tests/int/patches.int.spec.ts',
  'tests/int/pool-errors.int.spec.ts',
  'tests/int/request-emails.int.spec.ts',
  'tests/int/request-s3.int.spec.ts',
  'tests/int/seed.int.spec.ts',
  'tests/int/staff-leads.int.spec.ts',
]

// The schema is pushed once per run into a template database, and each file runs on a copy of
// its own (tests/helpers/int-global-setup.ts, int-setup.ts), so two files run at once, one per
// core: a file alone keeps about 1.2 of the two busy. Both int projects share the two workers.
const int = {
  environment: 'node' as const,
  globalSetup: ['tests/helpers/int-global-setup.ts'],
  setupFiles: ['tests/helpers/int-setup.ts'],
  maxWorkers: 2,
  testTimeout: 60_000,
  hookTimeout: 120_000,
}

// Two levels, run separately by `npm test`: unit tests of pure logic (no database),
// and integration tests against a real PostgreSQL through Payload (run by
// scripts/with-services.mjs, which provides DATABASE_URL).
export default defineConfig({
  resolve: {
    tsconfigPaths: true,
    // Modules marked `import 'server-only'` (src/data) load here as they do on the
    // server: the package's empty module, as Next resolves it for server code.
    alias: { 'server-only': fileURLToPath(new URL('node_modules/server-only/empty.js', import.meta.url)) },
  },
  test: {
    // Tests load the Payload config, and with it Lexical, in Node's own module loader
    // (src/server/patches/lexical-node-conditions.mjs).
    execArgv: [lexicalCondition(process.env.NODE_ENV)],
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          environment: 'node',
          include: ['tests/unit/**/*.unit.spec.ts'],
          // A few unit tests import server modules (Payload, the database adapter); on a
          // busy machine that import alone can pass Vitest's 5 s default.
          testTimeout: 30_000,
        },
      },
      {
        extends: true,
        test: {
          ...int,
          name: 'int',
          include: ['tests/int/**/*.int.spec.ts'],
          exclude: ISOLATED,
          // One module graph and one Payload per worker, shared by its files: Payload boots
          // about twice a run instead of once per file. Each file still gets its own database
          // copy, an empty data folder and the environment as it was (int-shared-setup.ts).
          isolate: false,
          setupFiles: [...int.setupFiles, 'tests/helpers/int-shared-setup.ts'],
        },
      },
      {
        extends: true,
        test: { ...int, name: 'int-isolated', include: ISOLATED },
      },
    ],
  },
})
