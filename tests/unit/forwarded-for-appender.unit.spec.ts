import diagnosticsChannel from 'node:diagnostics_channel'
import http from 'node:http'
import type { AddressInfo } from 'node:net'

import type * as PayloadModule from 'payload'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

// The X-Forwarded-For appender (src/server/rate-limit.ts) changes every request the process
// serves, so it starts only when asked: by the server's instrumentation at boot, never by
// a module being imported.
vi.mock('payload', async (importOriginal) => ({
  ...(await importOriginal<typeof PayloadModule>()),
  getPayload: vi.fn(async () => ({})),
}))
vi.mock('@payload-config', () => ({ default: {} }))

const requestStart = diagnosticsChannel.channel('http.server.request.start')
const APPENDER = Symbol.for('curbside.forwardedForAppender')
const installed = () => (globalThis as { [APPENDER]?: { uninstall: () => void } })[APPENDER]

const env = { ...process.env }
beforeEach(() => {
  vi.resetModules()
  process.env.NEXT_RUNTIME = 'nodejs'
  delete process.env.NEXT_PHASE
})
afterEach(() => {
  installed()?.uninstall()
  process.env = { ...env }
})

async function forwardedForSeen(sent: string): Promise<string | undefined> {
  let seen: string | undefined
  const server = http.createServer((req, res) => {
    seen = req.headers['x-forwarded-for'] as string | undefined
    res.end()
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  await fetch(`http://127.0.0.1:${port}/`, { headers: { 'X-Forwarded-For': sent } })
  await new Promise<void>((resolve) => server.close(() => resolve()))
  return seen
}

describe('the X-Forwarded-For appender', () => {
  it('is not installed by importing the rate limiter, even in the server runtime', async () => {
    await import('@/server/rate-limit')
    expect(installed()).toBeUndefined()
    expect(requestStart.hasSubscribers).toBe(false)
    expect(await forwardedForSeen('198.51.100.1')).toBe('198.51.100.1')
  })

  it("is installed by the server's instrumentation, and appends the socket's address", async () => {
    const { register } = await import('@/instrumentation')
    await register()
    expect(installed()).toBeDefined()
    expect(await forwardedForSeen('198.51.100.1')).toBe('198.51.100.1, 127.0.0.1')
  })

  it('is not installed while the app is being built, nor in the edge runtime', async () => {
    const { register } = await import('@/instrumentation')
    process.env.NEXT_PHASE = 'phase-production-build'
    await register()
    process.env.NEXT_PHASE = ''
    process.env.NEXT_RUNTIME = 'edge'
    await register()
    expect(installed()).toBeUndefined()
  })

  it('is installed once however often it is asked for, and removed again', async () => {
    const { appendSocketAddressToForwardedFor } = await import('@/server/patches/next-forwarded-for')
    const uninstall = appendSocketAddressToForwardedFor()
    appendSocketAddressToForwardedFor()
    expect(await forwardedForSeen('198.51.100.2')).toBe('198.51.100.2, 127.0.0.1')
    uninstall()
    expect(requestStart.hasSubscribers).toBe(false)
    expect(await forwardedForSeen('198.51.100.2')).toBe('198.51.100.2')
  })
})
