import { spawn } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import autocannon from 'autocannon'

import { round, target } from './lib/stats'
import type { Target } from './lib/stats'

// Throughput and latency of the public pages and the GraphQL API with autocannon, and
// the same home page HTML served by nginx (one worker, no access log) in the same run,
// so the site can be compared with a static server on this very machine.
const DURATION_S = Number(process.env.BENCH_HTTP_SECONDS || 10)
const GALLERY_QUERY = '{ GalleryItems(sort: "-createdAt", limit: 12) { docs { id title description } } }'

type Load = { rps: number; p50: number; p99: number; errors: number; non2xx: number }

async function load(url: string, connections: number, init: Partial<autocannon.Options> = {}): Promise<Load> {
  const result = await autocannon({ url, connections, duration: DURATION_S, pipelining: 1, ...init })
  return {
    rps: round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  }
}

function nginxBinary(): string | null {
  for (const p of ['/usr/sbin/nginx', '/usr/bin/nginx']) if (fs.existsSync(p)) return p
  return null
}

// nginx serving one file: the home page's HTML exactly as the site sent it.
async function withNginx<T>(html: string, port: number, fn: (url: string) => Promise<T>): Promise<T | null> {
  const binary = nginxBinary()
  if (!binary) {
    console.log('  nginx is not installed (Debian: apt-get install nginx-light); static comparison skipped')
    return null
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-nginx-'))
  fs.writeFileSync(path.join(dir, 'index.html'), html)
  fs.writeFileSync(
    path.join(dir, 'nginx.conf'),
    `worker_processes 1;
daemon off;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
${process.getuid?.() === 0 ? 'user root;' : ''}
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${dir}/tmp;
  proxy_temp_path ${dir}/tmp;
  fastcgi_temp_path ${dir}/tmp;
  uwsgi_temp_path ${dir}/tmp;
  scgi_temp_path ${dir}/tmp;
  server {
    listen 127.0.0.1:${port};
    location = / { root ${dir}; try_files /index.html =404; default_type text/html; }
  }
}
`,
  )
  const nginx = spawn(binary, ['-c', path.join(dir, 'nginx.conf'), '-p', dir], { stdio: 'inherit' })
  const url = `http://127.0.0.1:${port}/`
  try {
    for (let i = 0; ; i++) {
      try {
        if ((await fetch(url)).ok) break
      } catch {
        if (i > 100) throw new Error('nginx did not start')
        await new Promise((r) => setTimeout(r, 100))
      }
    }
    return await fn(url)
  } finally {
    nginx.kill('SIGQUIT')
    await new Promise((r) => nginx.once('exit', r))
    fs.rmSync(dir, { recursive: true, force: true })
  }
}

export async function httpBench(url: string) {
  const graphql = {
    method: 'POST' as const,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query: GALLERY_QUERY }),
  }
  const results: Record<string, Record<string, Load>> = {}
  for (const [name, target_, init] of [
    ['/', `${url}/`, {}],
    ['/gallery', `${url}/gallery`, {}],
    ['/api/graphql (gallery query)', `${url}/api/graphql`, graphql],
  ] as const) {
    results[name] = {}
    for (const connections of [10, 100]) {
      results[name][`c${connections}`] = await load(target_, connections, init)
      console.log(`  ${name} c=${connections}: ${JSON.stringify(results[name][`c${connections}`])}`)
    }
  }

  const html = await (await fetch(`${url}/`)).text()
  const staticPort = Number(new URL(url).port) + 1
  const nginx = await withNginx(html, staticPort, async (staticUrl) => ({
    c10: await load(staticUrl, 10),
    c100: await load(staticUrl, 100),
  }))
  if (nginx) console.log(`  nginx, same HTML: ${JSON.stringify(nginx)}`)

  const ratio = nginx ? round(results['/'].c10.rps / nginx.c10.rps, 3) : null
  const targets: Target[] = [
    target('p99 of / at 100 connections (ms)', results['/'].c100.p99, 40, '<=', ' ms'),
  ]
  if (ratio !== null)
    targets.unshift(target('/ requests/s relative to nginx, 10 connections', ratio, 0.15, '>='))
  const errors = Object.values(results)
    .flatMap((r) => Object.values(r))
    .reduce((n, r) => n + r.errors + r.non2xx, 0)
  targets.push(target('errors and non-2xx answers', errors, 0, '<='))
  return {
    durationSeconds: DURATION_S,
    htmlBytes: Buffer.byteLength(html),
    site: results,
    nginx,
    ratio,
    targets,
  }
}
