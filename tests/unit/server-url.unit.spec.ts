import { afterEach, describe, expect, it, vi } from 'vitest'

import { servedOverHttps, serverUrl } from '@/lib/server-url'

afterEach(() => vi.unstubAllEnvs())

describe('serverUrl', () => {
  it('is SERVER_URL without its trailing slashes, whatever the port', () => {
    vi.stubEnv('SERVER_URL', 'https://curbsiderim.co//')
    vi.stubEnv('PORT', '8080')
    expect(serverUrl()).toBe('https://curbsiderim.co')
    expect(servedOverHttps()).toBe(true)
  })

  it('unset, is this machine on the port the server listens on', () => {
    vi.stubEnv('SERVER_URL', '')
    vi.stubEnv('PORT', '3400')
    expect(serverUrl()).toBe('http://localhost:3400')
    expect(servedOverHttps()).toBe(false)
  })

  it('with neither set, is http://localhost:3000', () => {
    vi.stubEnv('SERVER_URL', '')
    vi.stubEnv('PORT', '')
    expect(serverUrl()).toBe('http://localhost:3000')
  })
})
