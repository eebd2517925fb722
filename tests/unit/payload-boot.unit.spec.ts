import { afterEach, describe, expect, it, vi } from 'vitest'

// Outside `next dev`, a boot of Payload starts no `payload generate:types` child process: each
// test file and CLI script would otherwise spend seconds of CPU on one, and rewrite
// src/payload-types.ts while the tests run.
describe("Payload's type generation at boot", () => {
  afterEach(() => {
    vi.unstubAllEnvs()
    vi.resetModules()
  })

  const autoGenerateUnder = async (nodeEnv: string) => {
    vi.stubEnv('NODE_ENV', nodeEnv)
    vi.resetModules()
    const config = await (await import('@payload-config')).default
    return config.typescript.autoGenerate
  }

  it('is off in tests and scripts, on in `next dev`', async () => {
    expect(await autoGenerateUnder('test')).toBe(false)
    expect(await autoGenerateUnder('development')).toBe(true)
  })
})
