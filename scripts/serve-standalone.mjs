#!/usr/bin/env node
// Serves the production build the way the container does: Next's standalone server
// (.next/standalone/server.js) with the static assets and public/ beside it, which
// `next build` leaves to the deployer to copy. PORT and HOSTNAME choose the address.
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const distDir = process.env.NEXT_DIST_DIR || '.next'
const standalone = path.join(root, distDir, 'standalone')
if (!fs.existsSync(path.join(standalone, 'server.js'))) {
  console.error('No standalone build: run `next build` first.')
  process.exit(1)
}
// Copied once per build (`next build` empties the build folder), into a folder of this
// process's own that is then renamed into place: two servers started at once from one
// build (a drill, two instances on one host) never write the same files.
function place(source, target) {
  if (!fs.existsSync(source) || fs.existsSync(target)) return
  const own = `${target}.${process.pid}.tmp`
  fs.cpSync(source, own, { recursive: true })
  try {
    fs.renameSync(own, target)
  } catch (err) {
    fs.rmSync(own, { recursive: true, force: true })
    if (!fs.existsSync(target)) throw err
  }
}
place(path.join(root, distDir, 'static'), path.join(standalone, distDir, 'static'))
place(path.join(root, 'public'), path.join(standalone, 'public'))
// Node closes an idle connection after 5 s, while nginx (deploy/nginx.conf) keeps its pooled
// ones for 60 s and Playwright's client for as long as the server leaves them open; a request
// sent just as the server closes fails (a 502 or ECONNRESET, never retried for a POST).
process.env.KEEP_ALIVE_TIMEOUT ||= '65000'
// Keep runtime data (uploads, captured mail) out of the build folder.
process.env.DATA_DIR ||= path.join(root, '.data')
// End-to-end tests read the server's log (e.g. the 404 line) from this file.
if (process.env.SERVER_LOG_FILE) {
  const file = process.env.SERVER_LOG_FILE
  fs.mkdirSync(path.dirname(file), { recursive: true })
  for (const stream of [process.stdout, process.stderr]) {
    const write = stream.write.bind(stream)
    stream.write = (chunk, ...args) => {
      fs.appendFileSync(file, chunk)
      return write(chunk, ...args)
    }
  }
}
await import(pathToFileURL(path.join(standalone, 'server.js')).href)
