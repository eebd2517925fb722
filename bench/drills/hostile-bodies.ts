import fs from 'node:fs'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'
import zlib from 'node:zlib'

import { processMemory } from '../lib/server'
import {
  DATA_DIR,
  NO_RATE_LIMIT,
  errorLines,
  filesUnder,
  formOf,
  requestFields,
  rowCounts,
  runTag,
  serverLogFile,
  startDrillServer,
  submitRequest,
  tally,
  withDb,
} from './lib'
import type { DrillResult } from './lib'

// Drill 6: bodies sent to make the server run out of memory. Twenty 50 MB bodies at once
// to POST /api/users/login (half declaring their length, half sent in chunks without
// one, JSON and multipart), and at the same time ten decompression bombs (a 20000×20000
// PNG of ~400 KB that would decode to 400 megapixels) to the quote endpoint. Every answer
// must be a 4xx, nothing may be saved (no row, no stored file, no temporary folder), and
// the server's resident memory must stay under 700 MiB at its peak (VmHWM).
const BODIES = 20
const BODY_BYTES = 50 * 1024 * 1024
const BOMBS = 10
const BOMB_SIDE = 20_000
const PEAK_LIMIT_MIB = 700

// A body of `bytes` sent as fast as the server takes it, until the server answers (it
// should answer long before the end); the answer's status, or the socket's error.
function hostileBody(url: string, type: string, declareLength: boolean): Promise<number | string> {
  const chunk = Buffer.alloc(64 * 1024, type.startsWith('multipart') ? 0x2d : 0x20)
  return new Promise((resolve) => {
    const headers: Record<string, string> = { 'content-type': type }
    if (declareLength) headers['content-length'] = String(BODY_BYTES)
    const req = http.request(`${url}/api/users/login`, { method: 'POST', headers })
    let answered = false
    const timer = setTimeout(() => {
      req.destroy()
      resolve('no answer within 60 s')
    }, 60_000)
    req.on('response', (res) => {
      answered = true
      res.resume()
      res.on('end', () => {
        clearTimeout(timer)
        req.destroy()
        resolve(res.statusCode ?? 'no status')
      })
    })
    req.on('error', (err) => {
      if (answered) return
      clearTimeout(timer)
      resolve(`socket: ${err.message}`)
    })
    let sent = 0
    const write = () => {
      while (!answered && sent < BODY_BYTES) {
        sent += chunk.byteLength
        if (!req.write(chunk)) return void req.once('drain', write)
      }
      if (!answered) req.end()
    }
    write()
  })
}

const pngChunk = (type: string, data: Buffer) => {
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data])
  const length = Buffer.alloc(4)
  length.writeUInt32BE(data.byteLength)
  const crc = Buffer.alloc(4)
  crc.writeUInt32BE(zlib.crc32(body))
  return Buffer.concat([length, body, crc])
}

// A valid grayscale PNG of BOMB_SIDE × BOMB_SIDE black pixels: its IDAT inflates to 400 MB.
async function decompressionBomb(): Promise<Buffer> {
  const deflate = zlib.createDeflate({ level: 9 })
  const out: Buffer[] = []
  deflate.on('data', (c: Buffer) => out.push(c))
  const done = new Promise((resolve) => deflate.on('end', resolve))
  const row = Buffer.alloc(BOMB_SIDE + 1) // filter byte + one byte per pixel
  for (let y = 0; y < BOMB_SIDE; y++) {
    if (!deflate.write(row)) await new Promise((resolve) => deflate.once('drain', resolve))
  }
  deflate.end()
  await done
  const header = Buffer.alloc(13)
  header.writeUInt32BE(BOMB_SIDE, 0)
  header.writeUInt32BE(BOMB_SIDE, 4)
  header.set([8, 0, 0, 0, 0], 8) // 8-bit grayscale, deflate, no filter method, no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', Buffer.concat(out)),
    pngChunk('IEND', Buffer.alloc(0)),
  ])
}

// The quote endpoint's temporary folders (the server runs on this machine).
const requestTempFolders = () => fs.readdirSync(os.tmpdir()).filter((name) => name.startsWith('quote-'))

export async function hostileBodiesDrill(): Promise<DrillResult> {
  const databaseUrl = process.env.DATABASE_URL!
  const tag = runTag('hostile')
  const failures: string[] = []
  const logFile = serverLogFile('hostile-bodies')
  const bomb = await decompressionBomb()
  const uploadsDir = path.join(DATA_DIR, 'uploads')
  const server = await startDrillServer(logFile, NO_RATE_LIMIT)
  try {
    const before = {
      rows: await withDb(databaseUrl, rowCounts),
      files: filesUnder(uploadsDir).length,
      temp: requestTempFolders().length,
    }
    const idle = processMemory(server.pid)
    let sampledPeak = idle.rss
    const sampler = setInterval(() => {
      try {
        sampledPeak = Math.max(sampledPeak, processMemory(server.pid).rss)
      } catch {
        // the server is gone; the answers will say so
      }
    }, 20)

    const started = Date.now()
    const types = ['application/json', 'multipart/form-data; boundary=drill']
    const [bodies, bombs] = await Promise.all([
      Promise.all(Array.from({ length: BODIES }, (_, i) => hostileBody(server.url, types[i % 2], i % 4 < 2))),
      Promise.all(
        Array.from({ length: BOMBS }, (_, i) =>
          submitRequest(
            server.url,
            formOf(requestFields(tag, i), [{ name: `bomb-${i}.png`, type: 'image/png', bytes: bomb }]),
            null,
            60_000,
          ),
        ),
      ),
    ])
    const seconds = (Date.now() - started) / 1000
    clearInterval(sampler)
    const peak = processMemory(server.pid).peak

    const bodyStatuses = tally(bodies.map(String))
    const bombStatuses = tally(bombs.map((o) => String(o.status ?? o.error)))
    const bombMessages = tally(
      bombs.map((o) => String((o.json?.fieldErrors as Record<string, string> | undefined)?.photos ?? o.body)),
    )
    for (const [status, n] of Object.entries(bodyStatuses))
      if (!/^4\d\d$/.test(status)) failures.push(`${n} login bodies answered ${status}`)
    for (const [status, n] of Object.entries(bombStatuses))
      if (!/^4\d\d$/.test(status)) failures.push(`${n} bombs answered ${status}`)
    if (peak >= PEAK_LIMIT_MIB)
      failures.push(`server peak RSS ${peak.toFixed(0)} MiB (limit ${PEAK_LIMIT_MIB})`)

    const after = {
      rows: await withDb(databaseUrl, rowCounts),
      files: filesUnder(uploadsDir).length,
      temp: requestTempFolders().length,
    }
    if (after.rows.leads !== before.rows.leads) failures.push('leads were saved')
    if (after.rows.uploads !== before.rows.uploads) failures.push('photo rows were saved')
    if (after.files !== before.files) failures.push(`${after.files - before.files} files were stored`)
    if (after.temp > before.temp) failures.push(`${after.temp - before.temp} temporary folders were left`)

    return {
      failures,
      figures: {
        'login bodies (50 MB each, 20 at once)': bodyStatuses,
        'decompression bombs (PNG of KiB declaring 20000×20000)': { bytes: bomb.byteLength, ...bombStatuses },
        'bomb answers': bombMessages,
        'server RSS MiB': {
          idle: Math.round(idle.rss),
          sampledPeak: Math.round(sampledPeak),
          peakVmHWM: Math.round(peak),
          limit: PEAK_LIMIT_MIB,
        },
        seconds,
        'server errors': errorLines(logFile),
      },
    }
  } finally {
    await server.stop()
  }
}
