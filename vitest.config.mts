import { fileURLToPath } from 'node:url'

import { defineConfig } from 'vitest/config'

import { lexicalCondition } from './src/server/patches/lexical-node-conditions.mjs'

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
          name: 'int',
          environment: 'node',
          include: ['tests/int/**/*.int.spec.ts'],
          // The schema is pushed once per run into a template database, and each file runs on
          // a copy of its own (tests/helpers/int-global-setup.ts, int-setup.ts), so two files
          // run at once, one per core: a file alone keeps about 1.2 of the two busy.
          globalSetup: ['tests/helpers/int-global-setup.ts'],
          setupFiles: ['tests/helpers/int-setup.ts'],
          maxWorkers: 2,
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
})
