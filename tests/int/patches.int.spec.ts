import fs from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'

import config from '@payload-config'
import { postgresAdapter } from '@payloadcms/db-postgres'
import { GRAPHQL_POST, REST_GET, REST_POST } from '@payloadcms/next/routes'
import { APIError, formatErrors, getPayload } from 'payload'
import { describe, expect, it } from 'vitest'

import { CURRENT_HASH_PREFIX, passwordMatches } from '@/server/patches/payload-password-hash'

import { setupHarness } from '../helpers/harness'

// Each workaround in src/server/patches/ has a test here that fails once the upstream
// behaviour it leans on changes: then the workaround is to be reviewed or removed.
const h = setupHarness({ personas: false })

describe('payload-password-hash', () => {
  it("checks a password against the hash Payload stored, in Payload's current format", async () => {
    const email = `hash-${Date.now()}@curbside.test`
    await h.payload.create({
      collection: 'users',
      data: { email, password: 'rim-repair-on-lamar', role: 'staff', approved: false },
    })
    const stored = await h.payload.db.findOne<{ id: number; hash: string; salt: string }>({
      collection: 'users',
      where: { email: { equals: email } },
    })
    expect(stored!.hash.startsWith(CURRENT_HASH_PREFIX)).toBe(true)
    expect(await passwordMatches(stored!, 'rim-repair-on-lamar')).toBe(true)
    expect(await passwordMatches(stored!, 'rim-repair-on-lamar!')).toBe(false)
  })
})

describe('graphql-access', () => {
  it('is needed while Payload leaves canAccessAdmin out for those outside the admin', async () => {
    const { permissions } = await h.payload.auth({ headers: new Headers() })
    expect(permissions).not.toHaveProperty('canAccessAdmin')
  })
})

// The upstream code each remaining workaround answers, read from the installed packages.
const upstream = (file: string) =>
  fs.readFileSync(path.resolve(import.meta.dirname, '../../node_modules', file), 'utf8')

describe('payload-job-runner', () => {
  it('is needed while Payload takes jobs without a processing token', () => {
    const queues = fs.readdirSync(
      path.resolve(import.meta.dirname, '../../node_modules/payload/dist/queues'),
      {
        recursive: true,
      },
    )
    const sources = queues.filter((f) => String(f).endsWith('.js'))
    expect(sources.length).toBeGreaterThan(0)
    for (const file of sources)
      expect(upstream(`payload/dist/queues/${file}`)).not.toContain('processingToken')
  })
})

describe('payload-migration-lock', () => {
  it('is needed while migrate takes no advisory lock', () => {
    expect(upstream('@payloadcms/drizzle/dist/migrate.js')).not.toMatch(/advisory/)
  })
})

describe('payload-session-merge', () => {
  it('is needed while addSessionToUser appends to the sessions it read, marking the write with updatedAt null', () => {
    const sessions = upstream('payload/dist/auth/sessions.js')
    expect(sessions).toMatch(/user\.sessions\.push\(session\)/)
    // The mark the patch tells a sign-in's write by.
    expect(sessions).toMatch(/user\.updatedAt = null/)
  })
})

describe('payload-error-data', () => {
  it('is needed while the REST error formatter drops the data of an error from another copy of its classes', async () => {
    // A second instance of Payload's own APIError module, as the production bundle has one:
    // the same class, fields and flags, but not the APIError formatErrors checks against.
    const copy = pathToFileURL(
      path.resolve(import.meta.dirname, '../../node_modules/payload/dist/errors/APIError.js'),
    )
    const second = (await import(/* @vite-ignore */ `${copy.href}?second-copy`)) as {
      APIError: typeof APIError
    }
    const data = { errors: [{ path: 'email', message: 'Enter a valid email address.' }] }
    const error = new second.APIError('The following field is invalid: email', 400, data, true)
    expect(error).not.toBeInstanceOf(APIError)
    const [first] = formatErrors(error).errors
    expect(first).not.toHaveProperty('data')
  })
})

describe('payload-locked-documents', () => {
  it('is needed while payload-locked-documents comes with access of its own for any account', () => {
    expect(upstream('payload/dist/locked-documents/config.js')).toMatch(/read: defaultAccess/)
  })
  it('leaves that collection to approved staff', () => {
    const locked = h.payload.config.collections.find((c) => c.slug === 'payload-locked-documents')!
    const unapproved = { collection: 'users', approved: false, role: 'staff' }
    expect(locked.access.read({ req: { user: unapproved } } as never)).toBe(false)
  })
})

describe('payload-job-stats', () => {
  it('is needed while payload-jobs-stats comes without access of its own', () => {
    expect(upstream('payload/dist/queues/config/global.js')).not.toMatch(/access/)
  })
  it('leaves that global to nobody but Payload', () => {
    const stats = h.payload.config.globals.find((g) => g.slug === 'payload-jobs-stats')!
    const admin = { collection: 'users', approved: true, role: 'admin' }
    expect(stats.access.read!({ req: { user: admin } } as never)).toBe(false)
    expect(stats.access.update!({ req: { user: admin } } as never)).toBe(false)
  })
})

describe('next-forwarded-for', () => {
  it('is needed while Next sets X-Forwarded-For only when the client sent none', () => {
    expect(upstream('next/dist/server/base-server.js')).toMatch(/\['x-forwarded-for'\] \?\?=/)
  })
})

describe('next-file-system-cache', () => {
  it("finds Next's file-system cache where it is taken from", async () => {
    const { FileSystemCache } = await import('@/server/patches/next-file-system-cache.mjs')
    expect(typeof FileSystemCache).toBe('function')
    expect(typeof FileSystemCache.prototype.get).toBe('function')
    expect(typeof FileSystemCache.prototype.revalidateTag).toBe('function')
  })
})

describe('next-tags-outside-request', () => {
  it('is needed while revalidateTag refuses to run outside a request', async () => {
    const { revalidateTag } = await import('next/cache')
    expect(() => revalidateTag('home-page', { expire: 0 })).toThrow(/static generation store missing/)
  })

  it("marks a tag expired in the map Next's file-system cache reads", async () => {
    const { tagsManifest, areTagsExpired } =
      await import('next/dist/server/lib/incremental-cache/tags-manifest.external.js')
    const { expireTagsInProcess } = await import('@/server/patches/next-tags-outside-request')
    const before = Date.now() - 1000
    expect(areTagsExpired(['patch-test'], before)).toBe(false)
    expireTagsInProcess(['patch-test'])
    expect(areTagsExpired(['patch-test'], before)).toBe(true)
    tagsManifest.delete('patch-test')
  })
})

describe('payload-client-hints', () => {
  type Rule = { source: string; headers: { key: string; value: string }[] }
  const keys = (rules: Rule[]) => rules.flatMap((r) => r.headers.map((h) => h.key.toLowerCase()))

  it('is needed while withPayload sends Critical-CH', async () => {
    const { withPayload } = await import('@payloadcms/next/withPayload')
    const rules = (await withPayload({}).headers!()) as Rule[]
    expect(keys(rules)).toContain('critical-ch')
  })

  it("leaves Critical-CH out of the site's headers and keeps the hint asked for", async () => {
    const { default: config } = await import('../../next.config.mjs')
    const rules = (await config.headers!()) as Rule[]
    expect(keys(rules)).not.toContain('critical-ch')
    const hints = rules.filter((r) => r.headers.some((h) => h.key === 'Accept-CH'))
    expect(hints.map((r) => [r.source, r.headers.find((h) => h.key === 'Accept-CH')!.value])).toEqual([
      ['/:path*', 'Sec-CH-Prefers-Color-Scheme'],
    ])
    // The site's own rules come through untouched.
    expect(keys(rules)).toEqual(expect.arrayContaining(['content-security-policy', 'x-frame-options']))
  })
})

describe('payload-request-bodies', () => {
  // Payload's own REST and GraphQL handlers, without the guard in front of them.
  type Rest = (request: Request, args: { params: Promise<{ slug: string[] }> }) => Promise<Response>
  const bareStatus = async (path: string, type: string | null, body: BodyInit) => {
    const request = new Request(`http://localhost:3000${path}`, {
      method: 'POST',
      headers: type ? { 'content-type': type } : {},
      body,
    })
    const params = Promise.resolve({ slug: path.slice('/api/'.length).split('/') })
    return (await (REST_POST(config) as unknown as Rest)(request, { params })).status
  }

  it.each([
    [
      'multipart whose _payload is broken JSON',
      'multipart/form-data; boundary=x',
      '--x\r\nContent-Disposition: form-data; name="_payload"\r\n\r\n{"a":\r\n--x--\r\n',
    ],
    ['a body that is not multipart', 'multipart/form-data; boundary=y', 'garbage'],
    ['a form-encoded create', 'application/x-www-form-urlencoded', 'firstName=Maria'],
    ['an empty body without a type', null, new Uint8Array(0)],
    [
      'JSON nested 20 000 deep',
      'application/json',
      `{"firstName":"M","x":${'['.repeat(20_000)}${']'.repeat(20_000)}}`,
    ],
  ])('is needed while Payload answers %s with a 500', async (_name, type, body) => {
    expect(await bareStatus('/api/leads', type, body)).toBe(500)
  })

  it('is needed while GraphQL throws on broken JSON instead of answering', async () => {
    const request = new Request('http://localhost:3000/api/graphql', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"query": "mutation {',
    })
    await expect(GRAPHQL_POST(config)(request)).rejects.toThrow(/Invalid JSON/)
  })

  it("leaves broken JSON to Payload's REST handler, which answers it with a 400", async () => {
    expect(await bareStatus('/api/leads', 'application/json', '{"firstName":')).toBe(400)
  })
})

describe('pg-pool-errors', () => {
  it("is needed while Payload's Postgres adapter opens its pool without an 'error' listener", async () => {
    const adapter = postgresAdapter({
      pool: { connectionString: process.env.DATABASE_URL },
      push: false,
    }).init({
      payload: h.payload,
    })
    await adapter.connect!()
    try {
      expect((adapter as unknown as { pool: NodeJS.EventEmitter }).pool.listenerCount('error')).toBe(0)
    } finally {
      await adapter.destroy!()
    }
  })
})

describe('payload-cache-control', () => {
  it('is needed while Payload sends its REST answers without Cache-Control', async () => {
    const handler = REST_GET(config) as unknown as (
      request: Request,
      args: { params: Promise<{ slug: string[] }> },
    ) => Promise<Response>
    const res = await handler(new Request('http://localhost:3000/api/users/me'), {
      params: Promise.resolve({ slug: ['users', 'me'] }),
    })
    expect(res.status).toBe(200)
    expect(res.headers.get('cache-control')).toBeNull()
  })
})

describe('payload-admin-import-map', () => {
  it('is needed while Payload renders with the last import map it was handed', async () => {
    const payload = await getPayload({ config })
    const kept = payload.importMap
    try {
      const first = {}
      const second = {}
      await getPayload({ config, importMap: first })
      expect((await getPayload({ config, importMap: second })).importMap).toBe(second)
    } finally {
      payload.importMap = kept
    }
  })
})
