#!/usr/bin/env node
// The job worker: the same production build with its job queue on, for deployments whose
// web instances run with JOBS_AUTORUN=false. It runs the build's own server (Payload and
// its queue start with it, src/instrumentation.ts) bound to the loopback address on
// WORKER_PORT (3001), so it answers no visitor (and warms no page for one); SIGTERM stops
// it taking jobs, and it exits once the ones in hand are done. In the container it sits
// beside server.js (`node worker.mjs`); in the repository it serves .next/standalone
// (`npm run worker`).
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'

const here = path.dirname(fileURLToPath(import.meta.url))
process.env.JOBS_AUTORUN = 'true'
process.env.WARM_PAGES = 'false'
process.env.HOSTNAME = process.env.WORKER_HOSTNAME || '127.0.0.1'
process.env.PORT = process.env.WORKER_PORT || '3001'
const server = fs.existsSync(path.join(here, 'server.js'))
  ? path.join(here, 'server.js')
  : path.join(here, 'serve-standalone.mjs')
await import(pathToFileURL(server).href)
