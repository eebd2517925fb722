import { spawnSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import vm from 'node:vm'
import { gzipSync } from 'node:zlib'

import pg from 'pg'

import { freePort } from '../scripts/free-port.mjs'
import { leadsListPath } from '../tests/helpers/lead-requests'
import { seedLeads } from './backoffice'
import { buildThrowaway, prepareApp } from './floor'
import {
  elements,
  figuresOf,
  items,
  launchChrome,
  lighthouseResult,
  pageNavigation,
  RUNS,
} from './lighthouse'
import type { RunFlags, TraceEvent } from './lighthouse'
import { adminAuthorization } from './lib/auth'
import { warmBlocking } from './lib/blocking'
import type { Blocking } from './lib/blocking'
import type { RunningServer } from './lib/server'
import { timeRequests } from './lib/requests'
import { processTreeCpuMs, startServer } from './lib/server'
import { median, round, target } from './lib/stats'
import type { Target } from './lib/stats'

// The back office on a phone: Lighthouse's mobile preset, the owner signed in (the JWT
// sent as a header on every request, since a cold run clears cookies), cold (Lighthouse's
// storage reset) and warm (cache kept, after one unmeasured load), on our three tabs and
// a lead's details, beside a floor measured in the same rounds: Payload's own dashboard in
// a throwaway app with no custom components, built with this node_modules.
const ROOT = process.cwd()
const FLOOR_DIR = path.join(ROOT, '.data', 'admin-floor')
// The floor's tables live in a schema of the run's own database, dropped with it.
const FLOOR_SCHEMA = 'admin_floor'
const FLOOR_USER = { email: 'floor@example.com', password: 'floor-admin-password' }
const LIST_LEADS = 20
const DETAILS_LEAD_SEARCH = 'Priya Raman' // a demo lead the seed walked to "quoted"
const FLOOR_PAGE = 'floor /admin'
const DETAILS_PAGE = '/admin/collections/leads/<id>'
const TABS = ['/admin?tab=leads', '/admin?tab=promotions', '/admin?tab=gallery']
const SPEED_TARGETED = [TABS[0], DETAILS_PAGE]
const CATEGORIES = ['performance', 'accessibility']
const TOP_SCRIPTS = 10
// With BENCH_ADMIN_TRACES=<folder>, each measured run's trace is written there, to open in
// Chrome's performance panel (round, page and mode in the file's name).
const TRACES = process.env.BENCH_ADMIN_TRACES

// Payload's blank template, verbatim (templates/blank in payloadcms/payload at v3.88.0, the
// newest 3.x tag there; its page and not-found match this repository's for 3.90.1).
const GENERATED = `/* THIS FILE WAS GENERATED AUTOMATICALLY BY PAYLOAD. */
/* DO NOT MODIFY IT BECAUSE IT COULD BE REWRITTEN AT ANY TIME. */
`
const VIEW_ARGS = `type Args = {
  params: Promise<{
    segments: string[]
  }>
  searchParams: Promise<{
    [key: string]: string | string[]
  }>
}
`
const TEMPLATE: Record<string, string> = {
  'app/(payload)/layout.tsx': `${GENERATED}import config from '@payload-config'
import '@payloadcms/next/css'
import type { ServerFunctionClient } from 'payload'
import { handleServerFunctions, RootLayout } from '@payloadcms/next/layouts'
import React from 'react'

import { importMap } from './admin/importMap.js'
import './custom.scss'

type Args = {
  children: React.ReactNode
}

const serverFunction: ServerFunctionClient = async function (args) {
  'use server'
  return handleServerFunctions({
    ...args,
    config,
    importMap,
  })
}

const Layout = ({ children }: Args) => (
  <RootLayout config={config} importMap={importMap} serverFunction={serverFunction}>
    {children}
  </RootLayout>
)

export default Layout
`,
  'app/(payload)/custom.scss': '',
  'app/(payload)/admin/importMap.js': `import { CollectionCards as CollectionCards_f9c02e79a4aed9a3924487c0cd4cafb1 } from '@payloadcms/next/rsc'

/** @type import('payload').ImportMap */
export const importMap = {
  '@payloadcms/next/rsc#CollectionCards': CollectionCards_f9c02e79a4aed9a3924487c0cd4cafb1,
}
`,
  'app/(payload)/admin/[[...segments]]/page.tsx': `${GENERATED}import type { Metadata } from 'next'

import config from '@payload-config'
import { RootPage, generatePageMetadata } from '@payloadcms/next/views'
import { importMap } from '../importMap'

${VIEW_ARGS}
export const generateMetadata = ({ params, searchParams }: Args): Promise<Metadata> =>
  generatePageMetadata({ config, params, searchParams })

const Page = ({ params, searchParams }: Args) =>
  RootPage({ config, params, searchParams, importMap })

export default Page
`,
  'app/(payload)/admin/[[...segments]]/not-found.tsx': `${GENERATED}import type { Metadata } from 'next'

import config from '@payload-config'
import { NotFoundPage, generatePageMetadata } from '@payloadcms/next/views'
import { importMap } from '../importMap'

${VIEW_ARGS}
export const generateMetadata = ({ params, searchParams }: Args): Promise<Metadata> =>
  generatePageMetadata({ config, params, searchParams })

const NotFound = ({ params, searchParams }: Args) =>
  NotFoundPage({ config, params, searchParams, importMap })

export default NotFound
`,
  'app/(payload)/api/[...slug]/route.ts': `${GENERATED}import config from '@payload-config'
import '@payloadcms/next/css'
import {
  REST_DELETE,
  REST_GET,
  REST_OPTIONS,
  REST_PATCH,
  REST_POST,
  REST_PUT,
} from '@payloadcms/next/routes'

export const GET = REST_GET(config)
export const POST = REST_POST(config)
export const DELETE = REST_DELETE(config)
export const PATCH = REST_PATCH(config)
export const PUT = REST_PUT(config)
export const OPTIONS = REST_OPTIONS(config)
`,
  'app/(payload)/api/graphql/route.ts': `${GENERATED}import config from '@payload-config'
import { GRAPHQL_POST, REST_OPTIONS } from '@payloadcms/next/routes'

export const POST = GRAPHQL_POST(config)

export const OPTIONS = REST_OPTIONS(config)
`,
  'app/(payload)/api/graphql-playground/route.ts': `${GENERATED}import config from '@payload-config'
import '@payloadcms/next/css'
import { GRAPHQL_PLAYGROUND_GET } from '@payloadcms/next/routes'

export const GET = GRAPHQL_PLAYGROUND_GET(config)
`,
}

const FLOOR_FILES: Record<string, string> = {
  ...TEMPLATE,
  'payload.config.ts': `import path from 'node:path'
import { fileURLToPath } from 'node:url'

import { postgresAdapter } from '@payloadcms/db-postgres'
import { buildConfig } from 'payload'

const dirname = path.dirname(fileURLToPath(import.meta.url))

export default buildConfig({
  admin: { user: 'users', importMap: { baseDir: dirname } },
  collections: [{ slug: 'users', admin: { useAsTitle: 'email' }, auth: true, fields: [] }],
  secret: process.env.PAYLOAD_SECRET || '',
  db: postgresAdapter({
    pool: { connectionString: process.env.DATABASE_URL || '' },
    schemaName: '${FLOOR_SCHEMA}',
    push: true,
  }),
})
`,
  // Payload pushes its schema only outside production, so this runs once before the build.
  'push-schema.ts': `import { getPayload } from 'payload'

import config from './payload.config'

const sanitized = await config
sanitized.typescript.autoGenerate = false
const payload = await getPayload({ config: sanitized })
await payload.destroy()
process.exit(0)
`,
  'next.config.mjs': `import { withPayload } from '@payloadcms/next/withPayload'

export default withPayload(
  { turbopack: { root: ${JSON.stringify(FLOOR_DIR)} }, typescript: { ignoreBuildErrors: true } },
  { devBundleServerPackages: false },
)
`,
  'tsconfig.json': `${JSON.stringify(
    {
      compilerOptions: {
        target: 'ES2022',
        lib: ['dom', 'dom.iterable', 'esnext'],
        allowJs: true,
        skipLibCheck: true,
        strict: true,
        noEmit: true,
        esModuleInterop: true,
        module: 'esnext',
        moduleResolution: 'bundler',
        resolveJsonModule: true,
        isolatedModules: true,
        jsx: 'preserve',
        paths: { '@payload-config': ['./payload.config.ts'] },
      },
      include: ['**/*.ts', '**/*.tsx'],
      exclude: ['node_modules'],
    },
    null,
    2,
  )}\n`,
}

async function withDatabase<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL })
  await client.connect()
  try {
    return await fn(client)
  } finally {
    await client.end()
  }
}

async function startFloor(): Promise<RunningServer> {
  await withDatabase(async (c) => {
    await c.query(`DROP SCHEMA IF EXISTS ${FLOOR_SCHEMA} CASCADE`)
    await c.query(`CREATE SCHEMA ${FLOOR_SCHEMA}`)
  })
  prepareApp(FLOOR_DIR)
  for (const [file, text] of Object.entries(FLOOR_FILES)) {
    fs.mkdirSync(path.dirname(path.join(FLOOR_DIR, file)), { recursive: true })
    fs.writeFileSync(path.join(FLOOR_DIR, file), text)
  }
  const tsx = path.join(FLOOR_DIR, 'node_modules/tsx/dist/cli.mjs')
  const pushed = spawnSync(process.execPath, [tsx, 'push-schema.ts'], {
    cwd: FLOOR_DIR,
    env: { ...process.env, NODE_ENV: 'test', DISABLE_PAYLOAD_HMR: 'true' },
    encoding: 'utf8',
  })
  if (pushed.status !== 0)
    throw new Error(`the floor's schema push failed:\n${pushed.stdout}\n${pushed.stderr}`)
  buildThrowaway(FLOOR_DIR, "the floor's admin")
  const port = await freePort()
  return startServer(
    {},
    {
      port,
      cwd: FLOOR_DIR,
      args: [path.join(FLOOR_DIR, 'node_modules/next/dist/bin/next'), 'start', '-p', String(port)],
      readyPath: '/api/users/me',
    },
  )
}

async function postJson(url: string, body: unknown) {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  })
  if (!res.ok) throw new Error(`${url} answered ${res.status}: ${await res.text()}`)
  return (await res.json()) as { token?: string }
}

/** The floor's first user, created as Payload's first-user screen does, then signed in. */
async function floorAuthorization(url: string): Promise<string> {
  await postJson(`${url}/api/users/first-register`, FLOOR_USER)
  const { token } = await postJson(`${url}/api/users/login`, FLOOR_USER)
  if (!token) throw new Error('the floor answered its login without a token')
  return `JWT ${token}`
}

async function getJson<T>(url: string, authorization: string): Promise<T> {
  const res = await fetch(url, { headers: { Authorization: authorization } })
  if (!res.ok) throw new Error(`${url} answered ${res.status}`)
  return (await res.json()) as T
}

type Leads = { totalDocs: number; docs: { id: number | string }[] }

/** 20 leads in the list's first page (demo leads first, topped up in SQL); a demo lead's id. */
async function prepareLeads(url: string, authorization: string) {
  const list = () => getJson<Leads>(`${url}${leadsListPath(1, '', '')}`, authorization)
  const before = await list()
  if (before.totalDocs < LIST_LEADS) await seedLeads(LIST_LEADS - before.totalDocs)
  const after = await list()
  if (after.docs.length !== LIST_LEADS) throw new Error(`the lead list shows ${after.docs.length} leads`)
  const found = await getJson<Leads>(`${url}${leadsListPath(1, '', DETAILS_LEAD_SEARCH)}`, authorization)
  return {
    listed: after.docs.length,
    totalDocs: after.totalDocs,
    leadId: found.docs[0]?.id ?? after.docs[0].id,
  }
}

type Figures = {
  performance: number
  accessibility: number
  fcpMs: number
  lcpMs: number
  tbtMs: number
  cls: number
  transferKiB: number
  jsKiB: number
  /** The part of LCP after the LCP element's resources arrived: waiting for the main thread. */
  lcpRenderDelayMs: number
  /** The document's server response time, and the unthrottled trace's own paints, which the simulation starts from. */
  ttfbMs: number
  observedFcpMs: number
  observedLcpMs: number
  /** When the document and the last stylesheet had arrived, unthrottled (no paint before the stylesheets). */
  documentInMs: number
  stylesheetsInMs: number
  /** Main-thread time compiling or loading from V8's code cache the page's scripts, unthrottled. */
  compileMs: number
  /**
   * Of it, V8's finishing of a script read from the code cache for a profiler: line ends
   * and source positions of every function in it, done only because Lighthouse's trace
   * asks for the scripts' sources (V8's FinalizeDeserialization: "Devtools can report
   * time in this function as profiler overhead, since none of the following tasks would
   * need to happen normally"). Warm runs only have a code cache to read. Measured only
   * with BENCH_ADMIN_TRACES set (NaN otherwise).
   */
  profilerOnlyMs: number
  /** Processor time our server and the floor's used during the run (the two cores are shared). */
  siteCpuMs: number
  floorCpuMs: number
}
type Script = { url: string; path: string; transferKiB: number; resourceKiB: number }
type Run = Awaited<ReturnType<typeof lighthouseResult>>

function figures(run: Run): Figures {
  const base = figuresOf(run)
  const observed = items(run, 'metrics')[0] as Record<string, number> | undefined
  const summary = (type: string) =>
    Number(items(run, 'resource-summary').find((i) => i.resourceType === type)?.transferSize ?? NaN)
  return {
    performance: base.scores.performance,
    accessibility: base.scores.accessibility,
    fcpMs: base.fcpMs,
    lcpMs: base.lcpMs,
    tbtMs: base.tbtMs,
    cls: base.cls,
    transferKiB: round(summary('total') / 1024),
    jsKiB: round(summary('script') / 1024),
    lcpRenderDelayMs: base.lcpRenderDelayMs,
    ttfbMs: base.ttfbMs,
    observedFcpMs: base.observedFirstPaintMs,
    observedLcpMs: round(observed?.observedLargestContentfulPaint ?? NaN, 0),
    documentInMs: round(arrived(run, 'Document'), 0),
    stylesheetsInMs: round(arrived(run, 'Stylesheet'), 0),
    compileMs: round(mainThreadMs(run, 'v8.compile'), 1),
    profilerOnlyMs: TRACES ? round(mainThreadMs(run, 'V8.FinalizeDeserialization'), 1) : NaN,
    siteCpuMs: NaN,
    floorCpuMs: NaN,
  }
}

/** When the last request of a resource type had finished, unthrottled, from the navigation's start. */
function arrived(run: Run, resourceType: string): number {
  const ends = items(run, 'network-requests')
    .filter((i) => i.resourceType === resourceType)
    .map((i) => Number(i.networkEndTime))
  return ends.length ? Math.max(...ends) : NaN
}

/** The page's main thread's time in trace events named `name` after navigation. */
function mainThreadMs(run: Run, name: string): number {
  const events = (run.artifacts.Trace as { traceEvents: TraceEvent[] }).traceEvents
  const navigation = pageNavigation(events)
  if (!navigation) return NaN
  const micros = events
    .filter(
      (e) => e.name === name && e.pid === navigation.pid && e.tid === navigation.tid && e.ts >= navigation.ts,
    )
    .reduce((sum, e) => sum + (e.dur ?? 0), 0)
  return micros / 1000
}

function scripts(run: Run): Script[] {
  return items(run, 'network-requests')
    .filter((i) => i.resourceType === 'Script')
    .map((i) => ({
      url: String(i.url),
      path: new URL(String(i.url)).pathname,
      transferKiB: round(Number(i.transferSize) / 1024),
      resourceKiB: round(Number(i.resourceSize) / 1024),
    }))
    .sort((a, b) => b.transferKiB - a.transferKiB)
}

/** Errors the page logged to the console (a failed hydration shows here). */
function consoleErrors(run: Run): string[] {
  const texts = items(run, 'errors-in-console').map((i) => String(i.description).split('\n')[0].slice(0, 160))
  return [...new Set(texts)]
}

/** The accessibility audits a run failed. */
function failedAccessibility(run: Run): string[] {
  const refs = run.lhr.categories.accessibility?.auditRefs ?? []
  return refs.filter((r) => r.weight > 0 && run.lhr.audits[r.id]?.score === 0).map((r) => r.id)
}

type Module = { id: string; source: string }

// Turbopack's chunks push [script, id, factory, id, factory, ...] onto globalThis.TURBOPACK;
// evaluated in an empty context (factories are not called), they give each module's id and
// minified source. Both builds use the same node_modules, so a module of Payload's or
// React's has the same id in both. A chunk that needs a browser to evaluate (Turbopack's
// runtime) counts as one module named by its content.
async function modulesOf(url: string): Promise<Module[]> {
  const code = await (await fetch(url)).text()
  const context: { TURBOPACK?: unknown[][] } = {}
  try {
    vm.runInNewContext(code, context, { timeout: 10_000 })
  } catch {
    // the runtime chunk: whole-file fallback below
  }
  const modules: Module[] = []
  for (const entry of context.TURBOPACK ?? []) {
    for (let i = 1; i + 1 < entry.length; i++) {
      const [id, factory] = [entry[i], entry[i + 1]]
      if ((typeof id === 'number' || typeof id === 'string') && typeof factory === 'function')
        modules.push({ id: String(id), source: Function.prototype.toString.call(factory) })
    }
  }
  return modules.length
    ? modules
    : [{ id: `file ${createHash('sha1').update(code).digest('hex')}`, source: code }]
}

const kib = (bytes: number) => round(bytes / 1024)
const gzipKiB = (sources: string[]) => kib(gzipSync(sources.join('\n'), { level: 9 }).length)

/** How much of a page's JavaScript is modules the floor's dashboard loads too (uncompressed, and gzip 9 as an estimate of the transfer). */
async function composition(scripts: Script[], floorIds: Set<string>) {
  const chunks = []
  const shared: string[] = []
  const own: string[] = []
  for (const script of scripts) {
    const modules = await modulesOf(script.url)
    const inFloor = modules.filter((m) => floorIds.has(m.id))
    shared.push(...inFloor.map((m) => m.source))
    own.push(...modules.filter((m) => !floorIds.has(m.id)).map((m) => m.source))
    const bytes = (list: Module[]) => list.reduce((sum, m) => sum + m.source.length, 0)
    chunks.push({
      ...script,
      modules: modules.length,
      inFloorPercent: round((100 * bytes(inFloor)) / Math.max(1, bytes(modules)), 0),
    })
  }
  const length = (list: string[]) => kib(list.reduce((sum, m) => sum + m.length, 0))
  return {
    alsoInFloorKiB: length(shared),
    notInFloorKiB: length(own),
    alsoInFloorGzipKiB: gzipKiB(shared),
    notInFloorGzipKiB: gzipKiB(own),
    chunks,
  }
}

function medians(runs: Figures[]): Figures {
  const keys = Object.keys(runs[0]) as (keyof Figures)[]
  return Object.fromEntries(keys.map((k) => [k, median(runs.map((r) => r[k]))])) as Figures
}

type Page = { url: string; authorization: string }
type Summary = {
  cold: Figures
  warm: Figures
  failedAccessibility: string[]
  consoleErrors: string[]
  js: Omit<Awaited<ReturnType<typeof composition>>, 'chunks'>
  biggestScripts: Awaited<ReturnType<typeof composition>>['chunks']
}
type Elements = ReturnType<typeof elements>
type Measured = {
  cold: Figures[]
  warm: Figures[]
  elements: { cold: Elements[]; warm: Elements[] }
  scripts: Script[]
  failedAccessibility: string[]
  consoleErrors: string[]
}

/** Lighthouse on a page the owner is signed in to: the run fails if it was sent to a login screen. */
async function measure(port: number, page: Page, flags: RunFlags): Promise<Run> {
  const run = await lighthouseResult(port, page.url, {
    extraHeaders: { Authorization: page.authorization },
    // With traces kept, V8's own compile events too, to tell its profiler-only work apart
    // (profilerOnlyMs). Not by default: it adds a trace event to every compile, on the
    // main thread whose blocking time is measured.
    ...(TRACES ? { additionalTraceCategories: 'disabled-by-default-v8.compile' } : {}),
    // Lighthouse's back/forward-cache check loads the page a second time after the trace (these
    // no-store pages never enter that cache), and V8 writes its code cache during that load, cut
    // short at a random point. The warm runs then read that partial cache and compile the rest
    // every time: the slow half of the warm figures. Without it, the second load (the warm-up
    // below) writes the whole cache and the measured one reads it, as on the owner's phone.
    skipAudits: ['bf-cache'],
    ...flags,
  })
  const final = run.lhr.finalDisplayedUrl
  if (/\/login\b/.test(final)) throw new Error(`${page.url} was not signed in: it ended at ${final}`)
  return run
}

/** A run's figures, with the processor time each server used while it ran. */
async function measureWithCpu(
  port: number,
  page: Page,
  flags: RunFlags,
  servers: { site: RunningServer; floor: RunningServer },
): Promise<{ run: Run; figures: Figures }> {
  const before = { site: processTreeCpuMs(servers.site.pid), floor: processTreeCpuMs(servers.floor.pid) }
  const run = await measure(port, page, flags)
  return {
    run,
    figures: {
      ...figures(run),
      siteCpuMs: processTreeCpuMs(servers.site.pid) - before.site,
      floorCpuMs: processTreeCpuMs(servers.floor.pid) - before.floor,
    },
  }
}

function keepTrace(run: Run, round: number, page: string, mode: string) {
  if (!TRACES) return
  fs.mkdirSync(TRACES, { recursive: true })
  const file = `round-${round + 1}-${page.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '')}-${mode}.json`
  fs.writeFileSync(path.join(TRACES, file), JSON.stringify(run.artifacts.Trace))
}

async function roundRobin(
  pages: Record<string, Page>,
  servers: { site: RunningServer; floor: RunningServer },
): Promise<Record<string, Measured>> {
  const measured: Record<string, Measured> = Object.fromEntries(
    Object.keys(pages).map((name) => [
      name,
      {
        cold: [],
        warm: [],
        elements: { cold: [], warm: [] },
        scripts: [],
        failedAccessibility: [],
        consoleErrors: [],
      },
    ]),
  )
  const chrome = await launchChrome()
  try {
    for (let i = 0; i < RUNS; i++) {
      for (const [name, page] of Object.entries(pages)) {
        const { run: cold, figures: coldFigures } = await measureWithCpu(
          chrome.port,
          page,
          { onlyCategories: CATEGORIES, onlyAudits: ['errors-in-console'] },
          servers,
        )
        measured[name].cold.push(coldFigures)
        keepTrace(cold, i, name, 'cold')
        measured[name].elements.cold.push(elements(cold))
        measured[name].scripts = scripts(cold)
        measured[name].failedAccessibility = failedAccessibility(cold)
        measured[name].consoleErrors = consoleErrors(cold)
        // Fills the cache the cold run emptied; only the network audit, to be quick.
        await measure(chrome.port, page, {
          disableStorageReset: true,
          onlyCategories: undefined,
          onlyAudits: ['network-requests'],
        })
        const { run: warm, figures: warmFigures } = await measureWithCpu(
          chrome.port,
          page,
          { disableStorageReset: true, onlyCategories: CATEGORIES },
          servers,
        )
        measured[name].warm.push(warmFigures)
        keepTrace(warm, i, name, 'warm')
        measured[name].elements.warm.push(elements(warm))
        for (const mode of ['cold', 'warm'] as const) {
          const [f, e] = [measured[name][mode][i], measured[name].elements[mode][i]]
          console.log(
            `  round ${i + 1}, ${name} ${mode}: LCP ${f.lcpMs} ms, TBT ${f.tbtMs} ms (LCP's render delay ${f.lcpRenderDelayMs}; TTFB ${f.ttfbMs}, first paint at ${f.observedFcpMs} unthrottled, document in at ${f.documentInMs}, stylesheets at ${f.stylesheetsInMs}, compiling ${f.compileMs}, of it for the profiler ${f.profilerOnlyMs}; servers' CPU ${f.siteCpuMs} + floor ${f.floorCpuMs}) ${e.lcp}; shifted most: ${e.shift || 'nothing'}`,
          )
        }
      }
    }
  } finally {
    chrome.kill()
  }
  return measured
}

/** Ours against a target; where the floor itself misses that target, the floor's figure beside it. */
function versusFloor(t: Target, floorValue: number, floorMet: boolean, unit = ''): Target {
  return floorMet ? t : { ...t, target: `${t.target}; the floor: ${floorValue}${unit}` }
}

export async function adminBench(site: RunningServer) {
  const loadBefore = os.loadavg().map((l) => round(l, 2))
  const owner = await adminAuthorization(site.url)
  const leads = await prepareLeads(site.url, owner)
  let floor: RunningServer | null = null
  try {
    floor = await startFloor()
    const floorOwner = await floorAuthorization(floor.url)
    const pages: Record<string, Page> = {
      [FLOOR_PAGE]: { url: `${floor.url}/admin`, authorization: floorOwner },
      [TABS[0]]: { url: `${site.url}${TABS[0]}`, authorization: owner },
      [DETAILS_PAGE]: { url: `${site.url}/admin/collections/leads/${leads.leadId}`, authorization: owner },
      [TABS[1]]: { url: `${site.url}${TABS[1]}`, authorization: owner },
      [TABS[2]]: { url: `${site.url}${TABS[2]}`, authorization: owner },
    }
    // Each page's first render on the server (code loaded, caches filled) is not measured.
    for (const page of Object.values(pages)) {
      const res = await fetch(page.url, { headers: { Authorization: page.authorization } })
      if (!res.ok) throw new Error(`${page.url} answered ${res.status}`)
      await res.arrayBuffer()
    }
    const measured = await roundRobin(pages, { site, floor })
    // Beside Lighthouse's warm TBT: the same warm load with Chromium's own throttling.
    const blocking: Record<string, Blocking> = {}
    for (const name of [FLOOR_PAGE, ...SPEED_TARGETED]) {
      blocking[name] = await warmBlocking(pages[name].url, pages[name].authorization, RUNS)
      console.log(
        `  ${name} warm, Chromium's own 4× CPU throttling, no debugger: blocking ${blocking[name].blockingMs} ms after the first paint at ${blocking[name].firstPaintMs} ms (runs: ${blocking[name].runs.join(', ')})`,
      )
    }
    const loadAfter = os.loadavg().map((l) => round(l, 2))

    const floorIds = new Set<string>()
    for (const script of measured[FLOOR_PAGE].scripts)
      for (const m of await modulesOf(script.url)) floorIds.add(m.id)
    const summary: Record<string, Summary> = {}
    for (const [name, m] of Object.entries(measured)) {
      const { chunks, ...js } = await composition(m.scripts, floorIds)
      summary[name] = {
        cold: medians(m.cold),
        warm: medians(m.warm),
        failedAccessibility: m.failedAccessibility,
        consoleErrors: m.consoleErrors,
        js,
        biggestScripts: chunks.slice(0, TOP_SCRIPTS),
      }
      const { cold, warm, failedAccessibility: failed, consoleErrors: errors } = summary[name]
      console.log(`  ${name} cold: ${JSON.stringify(cold)}`)
      console.log(`  ${name} warm: ${JSON.stringify(warm)}`)
      if (failed.length) console.log(`  ${name} accessibility audits failed: ${failed.join(', ')}`)
      if (errors.length) console.log(`  ${name} console errors: ${errors.join(' | ')}`)
      if (name !== FLOOR_PAGE)
        console.log(`  ${name} JS in modules the floor also loads (uncompressed): ${JSON.stringify(js)}`)
    }
    for (const name of [FLOOR_PAGE, TABS[0]]) {
      console.log(
        `  biggest scripts of ${name}, cold: KiB transferred / uncompressed, modules, % of it the floor also loads`,
      )
      for (const s of summary[name].biggestScripts)
        console.log(`    ${s.transferKiB} / ${s.resourceKiB}, ${s.modules}, ${s.inFloorPercent} %  ${s.path}`)
    }
    console.log(`  load average before ${loadBefore.join(' ')}, after ${loadAfter.join(' ')}`)

    const f = summary[FLOOR_PAGE]
    // Within 10 % of the floor's JavaScript, or under 500 KiB where the floor itself is.
    const jsLimit = round(Math.max(f.cold.jsKiB * 1.1, f.cold.jsKiB <= 500 ? 500 : 0))
    const speed = [
      { mode: 'cold', key: 'lcpMs', label: 'LCP (ms)', limit: 3000 },
      { mode: 'cold', key: 'tbtMs', label: 'TBT (ms)', limit: 250 },
      { mode: 'warm', key: 'lcpMs', label: 'LCP (ms)', limit: 1000 },
      { mode: 'warm', key: 'tbtMs', label: 'TBT (ms)', limit: 200 },
    ] as const
    const targets: Target[] = []
    // The floor against the same targets: where it misses one, no page on this stack can meet it here.
    for (const s of speed)
      targets.push(target(`${FLOOR_PAGE} ${s.mode} ${s.label}`, f[s.mode][s.key], s.limit, '<=', ' ms'))
    for (const name of Object.keys(pages).filter((n) => n !== FLOOR_PAGE)) {
      const p = summary[name]
      // The speed targets are the leads tab's and a lead's details' (what the owner opens
      // from the new-lead e-mail); the other tabs' figures are printed above.
      for (const s of SPEED_TARGETED.includes(name) ? speed : []) {
        const floorValue = f[s.mode][s.key]
        targets.push(
          versusFloor(
            target(`${name} ${s.mode} ${s.label}`, p[s.mode][s.key], s.limit, '<=', ' ms'),
            floorValue,
            floorValue <= s.limit,
            ' ms',
          ),
        )
      }
      const js = target(`${name} cold JS transferred (KiB)`, p.cold.jsKiB, jsLimit, '<=', ' KiB')
      targets.push({ ...js, target: `${js.target}; the floor: ${f.cold.jsKiB} KiB` })
      if (TABS.includes(name))
        targets.push(
          versusFloor(
            target(`${name} accessibility`, p.cold.accessibility, 100, '>='),
            f.cold.accessibility,
            f.cold.accessibility >= 100,
          ),
        )
    }
    return {
      runs: RUNS,
      leads,
      loadAverage: { before: loadBefore, after: loadAfter },
      jsLimitKiB: jsLimit,
      summary,
      warmBlockingWithoutDebugger: blocking,
      runsByPage: Object.fromEntries(
        Object.entries(measured).map(([n, m]) => [n, { cold: m.cold, warm: m.warm, elements: m.elements }]),
      ),
      targets,
    }
  } finally {
    await floor?.stop()
    fs.rmSync(FLOOR_DIR, { recursive: true, force: true })
    await withDatabase((c) => c.query(`DROP SCHEMA IF EXISTS ${FLOOR_SCHEMA} CASCADE`)).catch(() => {})
  }
}

// The server's part of the back office: each page's whole document as the owner, one
// request after another, no browser beside it; what the owner's phone waits for before any paint.
const HTML_REPEAT = 20

export async function adminHtmlBench(site: RunningServer) {
  const owner = await adminAuthorization(site.url)
  const leads = await prepareLeads(site.url, owner)
  const pages: Record<string, string> = {
    [TABS[0]]: TABS[0],
    [DETAILS_PAGE]: `/admin/collections/leads/${leads.leadId}`,
    [TABS[1]]: TABS[1],
    [TABS[2]]: TABS[2],
  }
  const results: Record<string, { p50: number; p90: number; kib: number }> = {}
  for (const [name, pagePath] of Object.entries(pages)) {
    const { p50, p90, body } = await timeRequests(site.url, pagePath, owner, HTML_REPEAT)
    results[name] = { p50, p90, kib: round(body.length / 1024) }
    console.log(`  ${name}: ${JSON.stringify(results[name])}`)
  }
  return { leads, repeat: HTML_REPEAT, results, targets: [] as Target[] }
}
