import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

import { describe, expect, it } from 'vitest'
import { parse } from 'yaml'

// Keeps the deployment files and the documentation honest: docker-compose.yml must be a
// well-formed compose file wired to what the app reads, and every environment variable
// the code reads must be in docs/configuration.md's table. The list of variables is derived from
// the source on every run, so a new `process.env.SOMETHING` fails here until documented.

const ROOT = fileURLToPath(new URL('../../', import.meta.url))
const read = (file: string) => fs.readFileSync(path.join(ROOT, file), 'utf8')

// Set by Next.js or the operating system, never by whoever runs the app, so there is
// nothing to document: Next sets NEXT_RUNTIME (nodejs | edge) before it loads
// instrumentation.ts and NEXT_PHASE during `next build`; PATH is the system's search
// path, to which the launcher only prepends node_modules/.bin.
const NOT_SETTINGS = new Set(['NEXT_RUNTIME', 'NEXT_PHASE', 'PATH'])

// Read by Next.js itself (its standalone server and CLI) rather than by our code, so a
// deployment may set them and the README may document them.
const READ_BY_NEXT = new Set(['NODE_ENV', 'PORT', 'HOSTNAME', 'NEXT_TELEMETRY_DISABLED'])

const NAME = '[A-Za-z_][A-Za-z0-9_]*'
const IDENT = '[A-Za-z_$][\\w$]*'
// `process.env` itself, not `process.env.X` or `process.env[...]`.
const PROCESS_ENV = 'process\\.env(?![\\w$.[])'

// Environment variable names a source file reads or sets: `process.env.NAME`,
// `process.env['NAME']`, and the same through an alias of process.env
// (`const env = process.env`, `const env = { ...process.env }`) or destructuring
// (`const { NAME } = process.env`).
function envNamesIn(source: string): Set<string> {
  const names = new Set<string>()
  const collect = (re: RegExp, group: number) => {
    for (const match of source.matchAll(re)) names.add(match[group])
  }
  const accessesOf = (object: string) => {
    collect(new RegExp(`(?<![\\w$.])${object}\\.(${NAME})`, 'g'), 1)
    collect(new RegExp(`(?<![\\w$.])${object}\\[\\s*(['"\`])(${NAME})\\1\\s*\\]`, 'g'), 2)
  }
  accessesOf('process\\.env')
  const alias = new RegExp(
    `(?<![\\w$.])(${IDENT})\\s*(?::[^=;\\n]+)?=\\s*(?:\\{\\s*\\.\\.\\.\\s*)?${PROCESS_ENV}`,
    'g',
  )
  for (const [, name] of source.matchAll(alias)) accessesOf(name.replace(/\$/g, '\\$'))
  const destructuring = new RegExp(`\\{([^{}]*)\\}\\s*(?::[^=;\\n]+)?=\\s*${PROCESS_ENV}`, 'g')
  for (const [, list] of source.matchAll(destructuring)) {
    for (const part of list.split(',')) {
      const key = part.trim().match(new RegExp(`^(${NAME})`))
      if (key) names.add(key[1])
    }
  }
  return names
}

// The code whose environment matters: the app (root config files, src/), the scripts
// the npm scripts run, and the test harness (tests/helpers). Test files themselves
// only read variables to check them.
function sourceFiles(): string[] {
  const files = fs.readdirSync(ROOT).filter((f) => /^(payload|[\w-]+)\.config\.(ts|mts|mjs|js|cjs)$/.test(f))
  const walk = (dir: string, pattern: RegExp) =>
    fs
      .readdirSync(path.join(ROOT, dir), { recursive: true, encoding: 'utf8' })
      .filter((f) => pattern.test(f))
      .map((f) => path.join(dir, f))
  files.push(
    ...walk('src', /\.(ts|tsx|js|jsx|mjs)$/),
    ...walk('scripts', /\.(mjs|js|ts)$/),
    ...walk('tests/helpers', /\.(ts|mjs)$/),
  )
  return files
}

function envNamesReadByCode(): Map<string, string[]> {
  const where = new Map<string, string[]>()
  for (const file of sourceFiles()) {
    for (const name of envNamesIn(read(file))) {
      if (NOT_SETTINGS.has(name)) continue
      where.set(name, [...(where.get(name) ?? []), file])
    }
  }
  return where
}

// Names in the first column of the table(s) of docs/configuration.md, before its first "## ".
function documentedEnvNames(): Set<string> {
  const lines = read('docs/configuration.md').split('\n')
  const start = lines.findIndex((l) => /^# Configuration\s*$/.test(l))
  expect(start, 'docs/configuration.md starts with "# Configuration"').toBeGreaterThanOrEqual(0)
  const rest = lines.slice(start + 1)
  const end = rest.findIndex((l) => /^## /.test(l))
  const names = new Set<string>()
  for (const line of end === -1 ? rest : rest.slice(0, end)) {
    if (!line.startsWith('|')) continue
    for (const [, name] of line.split('|')[1].matchAll(/`([A-Z][A-Z0-9_]*)`/g)) names.add(name)
  }
  return names
}

type Compose = {
  name?: string
  services: Record<string, Service>
  volumes?: Record<string, unknown>
}
type Service = {
  image?: string
  deploy?: { replicas?: number | string }
  build?: string | { context?: string; dockerfile?: string }
  command?: string | string[]
  entrypoint?: string | string[]
  ports?: (string | number | { target: number; published?: string | number })[]
  environment?: Record<string, string | number | boolean | null> | string[]
  depends_on?: string[] | Record<string, { condition?: string }>
  healthcheck?: { test?: string | string[] }
  volumes?: (string | { type?: string; source?: string; target?: string })[]
}

const composeText = read('docker-compose.yml')
const compose = parse(composeText) as Compose
const services = compose.services ?? {}

function environmentOf(service: Service): Record<string, string> {
  const env = service.environment ?? {}
  if (Array.isArray(env)) {
    return Object.fromEntries(
      env.map((entry) => {
        const i = entry.indexOf('=')
        return i === -1 ? [entry, ''] : [entry.slice(0, i), entry.slice(i + 1)]
      }),
    )
  }
  return Object.fromEntries(Object.entries(env).map(([k, v]) => [k, v === null ? '' : String(v)]))
}

function dependenciesOf(service: Service): Record<string, string> {
  const deps = service.depends_on ?? []
  if (Array.isArray(deps)) return Object.fromEntries(deps.map((d) => [d, 'service_started']))
  return Object.fromEntries(Object.entries(deps).map(([d, v]) => [d, v?.condition ?? 'service_started']))
}

// Container ports a service publishes, from the short ("127.0.0.1:8025:8025",
// "3000:3000", 3000) and long ({ target }) syntaxes.
function publishedContainerPorts(service: Service): number[] {
  return (service.ports ?? []).map((p) => {
    if (typeof p === 'object') return Number(p.target)
    const container = String(p).split('/')[0].split(':').pop()
    return Number(container)
  })
}

describe('the environment variable scanner', () => {
  it('finds reads through process.env, its aliases and destructuring, and nothing else', () => {
    const source = [
      "const a = process.env.ALPHA || 'x'",
      "const b = process.env['BRAVO']",
      'const env = process.env',
      'if (env.CHARLIE) use(env.CHARLIE)',
      'const copy = { ...process.env, EXTRA: "1" }',
      'copy.DELTA ??= "1"',
      'const { ECHO, FOXTROT: f = "1" } = process.env',
      'const isProd = process.env.NODE_ENV === "production"',
      'isProd.toString(); other.env.NOT_THIS; settings.NOR_THIS',
    ].join('\n')
    expect([...envNamesIn(source)].sort()).toEqual(
      ['ALPHA', 'BRAVO', 'CHARLIE', 'DELTA', 'ECHO', 'FOXTROT', 'NODE_ENV'].sort(),
    )
  })

  it('reaches the files that read the settings', () => {
    const readByCode = envNamesReadByCode()
    // payload.config.ts, src/server/s3.ts (through an alias), src/email/adapter.ts, the launcher
    for (const name of ['DATABASE_URL', 'PAYLOAD_SECRET', 'S3_BUCKET', 'SMTP_HOST', 'PAYLOAD_DB_PUSH']) {
      expect(readByCode.has(name), name).toBe(true)
    }
  })
})

describe('README.md and docs/configuration.md', () => {
  it('documents every environment variable the code reads', () => {
    const documented = documentedEnvNames()
    const missing = [...envNamesReadByCode()]
      .filter(([name]) => !documented.has(name))
      .map(([name, files]) => `${name} (read in ${files.join(', ')})`)
    expect(missing, 'add these to the table in docs/configuration.md').toEqual([])
  })

  it('documents no variable that nothing reads', () => {
    const readByCode = envNamesReadByCode()
    const stale = [...documentedEnvNames()].filter((name) => !readByCode.has(name) && !READ_BY_NEXT.has(name))
    expect(stale, 'remove these from docs/configuration.md or read them somewhere').toEqual([])
  })

  it('names only npm scripts that exist, and every one of them', () => {
    const readme = read('README.md')
    const scripts = Object.keys(
      (JSON.parse(read('package.json')) as { scripts: Record<string, string> }).scripts,
    )
    const mentioned = new Set([...readme.matchAll(/`npm run ([\w:-]+)/g)].map((m) => m[1]))
    for (const [, short] of readme.matchAll(/`npm (test|start)`/g)) mentioned.add(short)
    expect(
      [...mentioned].filter((s) => !scripts.includes(s)),
      'scripts README.md names but package.json lacks',
    ).toEqual([])
    expect(
      scripts.filter((s) => !mentioned.has(s)),
      'scripts README.md does not describe',
    ).toEqual([])
  })
})

describe('docker-compose.yml', () => {
  it('is a compose file whose services all have an image or a build', () => {
    expect(typeof compose).toBe('object')
    expect(Object.keys(services).length).toBeGreaterThan(0)
    for (const [name, service] of Object.entries(services)) {
      expect(Boolean(service.image || service.build), `${name} has an image or a build`).toBe(true)
    }
  })

  it('runs the app with PostgreSQL, MinIO, Mailpit and Redis', () => {
    for (const name of ['app', 'postgres', 'minio', 'mailpit', 'redis'])
      expect(services[name], name).toBeDefined()
    expect(services.postgres.image).toMatch(/^postgres:/)
    expect(services.minio.image).toMatch(/minio\/minio/)
    expect(services.mailpit.image).toMatch(/mailpit/)
    // The official image.
    expect(services.redis.image).toMatch(/^redis:/)
    expect(services.redis.healthcheck?.test).toBeDefined()
    // Only cache entries (which carry a lifetime) may be evicted, never the record of
    // invalidated tags: without it a stale page could pass for fresh.
    expect(JSON.stringify(services.redis.command)).toMatch(/maxmemory-policy","volatile-/)
  })

  it('builds the app from the Dockerfile at the project root', () => {
    const build = services.app.build
    const context = typeof build === 'string' ? build : build?.context
    const dockerfile = (typeof build === 'object' && build.dockerfile) || 'Dockerfile'
    expect(context).toBeDefined()
    expect(path.resolve(ROOT, context ?? '')).toBe(path.resolve(ROOT))
    expect(fs.existsSync(path.join(ROOT, dockerfile))).toBe(true)
    // The Dockerfile runs Next's standalone server, which only exists with this option.
    expect(read('next.config.mjs')).toMatch(/output:\s*'standalone'/)
    expect(read(dockerfile)).toMatch(/\.next\/standalone/)
  })

  it('starts the app once PostgreSQL is healthy and the bucket exists', () => {
    const deps = dependenciesOf(services.app)
    expect(deps.postgres).toBe('service_healthy')
    expect(services.postgres.healthcheck?.test).toBeDefined()
    expect(services.minio.healthcheck?.test).toBeDefined()

    const [setupName, setup] =
      Object.entries(services).find(([, s]) => /minio\/mc/.test(s.image ?? '')) ??
      ([] as unknown as [string, Service])
    expect(setup, 'a one-shot service with the MinIO client creates the bucket').toBeDefined()
    expect(dependenciesOf(setup).minio).toBe('service_healthy')
    expect(JSON.stringify([setup.entrypoint, setup.command])).toMatch(/mc mb/)
    expect(deps[setupName]).toBe('service_completed_successfully')
  })

  it('publishes the site on 3000 through the proxy alone, and the Mailpit UI on 8025', () => {
    expect(publishedContainerPorts(services.proxy)).toContain(80)
    expect(String(services.proxy.ports?.[0])).toMatch(/\b3000\}?:80$/)
    expect(publishedContainerPorts(services.app)).toEqual([])
    expect(publishedContainerPorts(services.worker)).toEqual([])
    expect(publishedContainerPorts(services.mailpit)).toContain(8025)
  })

  it('runs two app replicas behind one nginx proxy that the app trusts as its one hop', () => {
    expect(Number(String(services.app.deploy?.replicas).replace(/^\$\{\w+:-(\d+)\}$/, '$1'))).toBe(2)
    expect(services.proxy.image).toMatch(/^nginx:/)
    const mount = (services.proxy.volumes ?? []).find((v) => String(v).includes('nginx.conf'))
    expect(mount).toBe('./deploy/nginx.conf:/etc/nginx/nginx.conf:ro')
    const nginx = read('deploy/nginx.conf')
    expect(nginx).toMatch(/server app:3000 resolve/)
    expect(nginx).toMatch(/proxy_pass http:\/\/app;/)
    // The proxy appends the address it saw; the app takes the entry one hop from the right.
    expect(nginx).toMatch(/proxy_set_header X-Forwarded-For \$proxy_add_x_forwarded_for;/)
    expect(nginx).not.toMatch(/non_idempotent/)
    expect(environmentOf(services.app).TRUSTED_PROXY_HOPS).toBe('1')
    expect(Object.values(services).filter((s) => /^nginx:/.test(s.image ?? ''))).toHaveLength(1)
  })

  it('shares the page cache in Redis and leaves the job queue to one worker of the same image', () => {
    const app = environmentOf(services.app)
    expect(app.REDIS_URL).toBe('redis://redis:6379')
    expect(app.JOBS_AUTORUN).toBe('false')
    expect(dependenciesOf(services.app).redis).toBe('service_healthy')

    const worker = services.worker
    expect(worker.image).toBe(services.app.image)
    expect(worker.command).toEqual(['node', 'worker.mjs'])
    expect(read('Dockerfile')).toMatch(/scripts\/worker\.mjs \.\/worker\.mjs/)
    const env = environmentOf(worker)
    for (const name of [
      'DATABASE_URL',
      'PAYLOAD_SECRET',
      'SERVER_URL',
      'S3_BUCKET',
      'SMTP_HOST',
      'REDIS_URL',
    ])
      expect(env[name], name).toBe(app[name])
    // The worker's own health check (it listens on 3001), which the replicas wait for:
    // it applies the migrations before any replica starts.
    expect(JSON.stringify(worker.healthcheck?.test)).toMatch(/127\.0\.0\.1:3001/)
    expect(dependenciesOf(services.app).worker).toBe('service_healthy')
    expect(dependenciesOf(worker).postgres).toBe('service_healthy')
  })

  it('wires the app to the other services through the variables the code reads', () => {
    const env = environmentOf(services.app)
    expect(env.DATABASE_URL).toMatch(/^postgres(ql)?:\/\/.+@postgres:5432\/.+/)
    expect(env.PAYLOAD_SECRET).toMatch(/^\$\{PAYLOAD_SECRET:\?.+\}$/)
    expect(env.SERVER_URL).toBeTruthy()
    expect(env.S3_BUCKET).toBeTruthy()
    expect(env.S3_ENDPOINT).toBe('http://minio:9000')
    expect(env.S3_REGION).toBeTruthy()
    expect(env.S3_ACCESS_KEY_ID).toBeTruthy()
    expect(env.S3_SECRET_ACCESS_KEY).toBeTruthy()
    expect(env.S3_FORCE_PATH_STYLE).toBe('true')
    expect(env.SMTP_HOST).toBe('mailpit')
    expect(env.SMTP_PORT).toBe('1025')
    expect(env.EMAIL_FROM_ADDRESS).toBeTruthy()
  })

  it('sets no variable on the app or the worker that nothing reads', () => {
    const readByCode = envNamesReadByCode()
    for (const service of [services.app, services.worker]) {
      const unknown = Object.keys(environmentOf(service)).filter(
        (n) => !readByCode.has(n) && !READ_BY_NEXT.has(n),
      )
      expect(unknown).toEqual([])
    }
  })

  it('refers only to services and volumes it defines', () => {
    const volumes = new Set(Object.keys(compose.volumes ?? {}))
    for (const [name, service] of Object.entries(services)) {
      for (const dep of Object.keys(dependenciesOf(service)))
        expect(services[dep], `${name} -> ${dep}`).toBeDefined()
      for (const volume of service.volumes ?? []) {
        const source = typeof volume === 'string' ? volume.split(':')[0] : (volume.source ?? '')
        // Named volumes only; bind mounts start with . or /.
        if (source && !/^[./~]/.test(source))
          expect(volumes.has(source), `${name} volume ${source}`).toBe(true)
      }
    }
  })

  it('uses only well-formed ${...} interpolation', () => {
    // `$$` is a literal dollar; every other `$` must start ${NAME}, ${NAME:-default},
    // ${NAME-default}, ${NAME:?message}, ${NAME?message}, ${NAME:+x} or $NAME.
    const text = composeText.replace(/\$\$/g, '')
    const bad = [...text.matchAll(/\$(?!\{[A-Za-z_][A-Za-z0-9_]*(?:(?::?[-?+])[^}]*)?\}|[A-Za-z_])/g)].map(
      (m) => text.slice(m.index, m.index + 20),
    )
    expect(bad).toEqual([])
  })
})

describe('Dockerfile', () => {
  it('sets only variables that the app or Next.js reads', () => {
    const dockerfile = read('Dockerfile').replace(/\\\n/g, ' ')
    const names: string[] = []
    for (const [, body] of dockerfile.matchAll(/^ENV\s+(.+)$/gm)) {
      for (const [, name] of body.matchAll(/(?:^|\s)([A-Za-z_][A-Za-z0-9_]*)=/g)) names.push(name)
    }
    expect(names.length).toBeGreaterThan(0)
    const readByCode = envNamesReadByCode()
    expect(names.filter((n) => !readByCode.has(n) && !READ_BY_NEXT.has(n))).toEqual([])
  })
})
