import fs from 'node:fs'

import { defineConfig, devices } from '@playwright/test'

import { SERVER_LOG_FILE } from './tests/helpers/e2e-server-log'
import { e2eStripeEnv } from './tests/helpers/e2e-stripe'
import { e2eTwilioEnv } from './tests/helpers/e2e-twilio'

// End-to-end tests run in Chromium against the production build, served by Next's
// standalone server as in the container, on a database that has only seen
// migrations. `npm run test:e2e` builds first; the server is started and stopped here.
const PORT = Number(process.env.E2E_PORT || 3100)
const baseURL = `http://127.0.0.1:${PORT}`

// The system Chromium (Debian package) when present, since browsers cannot be
// downloaded here; CHROMIUM_PATH overrides; elsewhere Playwright's own browser.
const systemChromium = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].find(
  (p): p is string => Boolean(p && fs.existsSync(p)),
)

export default defineConfig({
  testDir: './tests/e2e',
  testMatch: '**/*.e2e.spec.ts',
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  workers: 1,
  fullyParallel: false,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  use: {
    baseURL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        launchOptions: {
          executablePath: systemChromium,
          args: [
            '--no-sandbox',
            '--disable-gpu',
            '--disable-background-networking',
            '--disable-component-update',
            '--disable-sync',
            '--no-first-run',
          ],
        },
      },
    },
  ],
  webServer: {
    command: 'node scripts/serve-standalone.mjs',
    url: `${baseURL}/`,
    reuseExistingServer: false,
    timeout: 180_000,
    stdout: 'pipe',
    stderr: 'pipe',
    gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
    // Every test browser connects from 127.0.0.1: the quote tests name their client in
    // X-Forwarded-For, as a proxy in front of the site would, so each gets a rate-limit
    // bucket of its own.
    env: {
      SERVER_URL: baseURL,
      NODE_ENV: 'production',
      PORT: String(PORT),
      HOSTNAME: '127.0.0.1',
      SERVER_LOG_FILE,
      TRUSTED_PROXY_HOPS: '1',
      JOBS_AUTORUN_SECONDS: '1',
      ...e2eTwilioEnv(),
      ...e2eStripeEnv(),
    },
  },
})
