import { afterAll, beforeAll } from 'vitest'

import { type FakeTwilio, startFakeTwilio } from './twilio-server'

// A test file's fake Twilio (tests/helpers/twilio-server.ts), its settings in the environment
// the app reads them from, for the whole file; `started` receives it once it listens.
export function withFakeTwilio(started: (fake: FakeTwilio) => void): void {
  let fake: FakeTwilio
  beforeAll(async () => {
    fake = await startFakeTwilio()
    Object.assign(process.env, fake.env)
    started(fake)
  })
  afterAll(async () => {
    for (const name of Object.keys(fake.env)) delete process.env[name]
    await fake.close()
  })
}
