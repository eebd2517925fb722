import fs from 'node:fs'
import type { AddressInfo } from 'node:net'
import path from 'node:path'

import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3'
import S3rver from 's3rver'

import { PHOTOS_NOT_STORED } from '../../src/lib/request-constants'

import type { RunningServer } from '../lib/server'
import {
  DATA_DIR,
  NO_RATE_LIMIT,
  RUN_DIR,
  errorLines,
  filesUnder,
  formOf,
  idempotencyKey,
  leadsOf,
  requestFields,
  rowCounts,
  runTag,
  serverLogFile,
  smallJpeg,
  startDrillServer,
  submitRequest,
  tally,
  withDb,
} from './lib'
import type { DrillResult, Outcome, Part } from './lib'

// Drill 4: quote photos stored in S3 (s3rver, a real local S3 server). One submission
// with photos while the store is up; then the store goes away and submissions with photos
// must fail with an error for the form, leaving no lead, no customer-uploads row and no
// object (the bucket is listed through the S3 API once s3rver is back on the same folder
// and port); and once it is back, a submission succeeds again.
const BUCKET = 'curbside-drill'
const CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' }

export async function s3DownDrill(): Promise<DrillResult> {
  const databaseUrl = process.env.DATABASE_URL!
  const tag = runTag('s3dn')
  const failures: string[] = []
  const logFile = serverLogFile('s3-down')
  const s3Dir = path.join(RUN_DIR, 's3-down-bucket')
  fs.mkdirSync(s3Dir, { recursive: true })
  const newS3 = (port: number) =>
    new S3rver({
      port,
      address: '127.0.0.1',
      silent: true,
      directory: s3Dir,
      configureBuckets: [{ name: BUCKET }],
    })
  let s3: S3rver | null = newS3(0)
  const { port } = (await s3.run()) as AddressInfo
  const endpoint = `http://127.0.0.1:${port}`
  const listBucket = async () => {
    const client = new S3Client({
      endpoint,
      region: 'us-east-1',
      forcePathStyle: true,
      credentials: CREDENTIALS,
    })
    try {
      const keys: string[] = []
      let token: string | undefined
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket: BUCKET, ContinuationToken: token }))
        keys.push(...(page.Contents ?? []).flatMap((o) => (o.Key ? [o.Key] : [])))
        token = page.IsTruncated ? page.NextContinuationToken : undefined
      } while (token)
      return keys.sort()
    } finally {
      client.destroy()
    }
  }

  const photos = async (count: number, seed: number): Promise<Part[]> =>
    Promise.all(
      Array.from({ length: count }, async (_, i) => ({
        name: `IMG_${seed}_${i}.jpg`,
        type: 'image/jpeg',
        bytes: await smallJpeg(seed + i),
      })),
    )
  let n = 0
  const submit = async (url: string, count: number) => {
    const i = n++
    return {
      n: i,
      outcome: await submitRequest(
        url,
        formOf(requestFields(tag, i), await photos(count, i * 10)),
        idempotencyKey(tag, i),
      ),
    }
  }

  let server: RunningServer | null = null
  let first: Outcome
  let down: { n: number; outcome: Outcome }[] = []
  let recovered: Outcome
  let keysBefore: string[] = []
  let keysAfterFirst: string[] = []
  let keysAfterOutage: string[] = []
  let countsBefore: Awaited<ReturnType<typeof rowCounts>>
  let countsAfter: Awaited<ReturnType<typeof rowCounts>>
  let localBefore: string[] = []
  let localAfter: string[] = []
  try {
    server = await startDrillServer(logFile, {
      ...NO_RATE_LIMIT,
      S3_BUCKET: BUCKET,
      S3_ENDPOINT: endpoint,
      S3_REGION: 'us-east-1',
      S3_FORCE_PATH_STYLE: 'true',
      S3_ACCESS_KEY_ID: CREDENTIALS.accessKeyId,
      S3_SECRET_ACCESS_KEY: CREDENTIALS.secretAccessKey,
    })
    keysBefore = await listBucket()
    first = (await submit(server.url, 2)).outcome
    keysAfterFirst = await listBucket()

    countsBefore = await withDb(databaseUrl, rowCounts)
    localBefore = filesUnder(path.join(DATA_DIR, 'uploads'))
    await s3.close()
    s3 = null
    // One, two and three photos, and a replay of the first key (a retry while still down).
    for (const count of [1, 2, 3]) down.push(await submit(server.url, count))
    const retry = await submitRequest(
      server.url,
      formOf(requestFields(tag, down[0].n), await photos(1, down[0].n * 10)),
      idempotencyKey(tag, down[0].n),
    )
    down = [...down, { n: down[0].n, outcome: retry }]
    countsAfter = await withDb(databaseUrl, rowCounts)
    localAfter = filesUnder(path.join(DATA_DIR, 'uploads'))

    s3 = newS3(port)
    await s3.run()
    keysAfterOutage = await listBucket()
    recovered = (await submit(server.url, 1)).outcome
  } finally {
    if (server) await server.stop()
    if (s3) await s3.close()
    fs.rmSync(s3Dir, { recursive: true, force: true })
  }

  if (first.status !== 201)
    failures.push(
      `the submission with S3 up was answered ${first.status ?? first.error}: ${first.body.slice(0, 200)}`,
    )
  const firstObjects = keysAfterFirst.filter((k) => !keysBefore.includes(k))
  if (first.status === 201 && firstObjects.length < 2)
    failures.push(
      `the first submission stored ${firstObjects.length} objects, expected its 2 photos (and thumbnails)`,
    )
  const accepted = down.filter((d) => d.outcome.status === null || d.outcome.status < 400)
  if (accepted.length)
    failures.push(
      `${accepted.length} submissions with S3 down were answered ${accepted.map((d) => d.outcome.status ?? d.outcome.error).join(', ')}`,
    )
  const noMessage = down.filter(
    (d) => d.outcome.status !== null && typeof d.outcome.json?.message !== 'string',
  )
  if (noMessage.length) failures.push(`${noMessage.length} refusals carry no {message} for the form`)
  // The form is told that the photos were the cause, so the request can go without them.
  const photosNotNamed = down.filter(
    (d) =>
      d.outcome.status !== 503 ||
      (d.outcome.json?.fieldErrors as Record<string, unknown> | undefined)?.photos !== PHOTOS_NOT_STORED,
  )
  if (photosNotNamed.length)
    failures.push(
      `${photosNotNamed.length} refusals are not a 503 naming the photos (${photosNotNamed.map((d) => d.outcome.status).join(', ')})`,
    )
  if (countsAfter.leads !== countsBefore.leads)
    failures.push(`${countsAfter.leads - countsBefore.leads} leads were left by the failed submissions`)
  if (countsAfter.uploads !== countsBefore.uploads)
    failures.push(`${countsAfter.uploads - countsBefore.uploads} customer-uploads rows were left`)
  const newObjects = keysAfterOutage.filter((k) => !keysAfterFirst.includes(k))
  if (newObjects.length)
    failures.push(
      `${newObjects.length} objects were left in the bucket (${newObjects.slice(0, 3).join(', ')})`,
    )
  const newLocal = localAfter.filter((f) => !localBefore.includes(f))
  if (newLocal.length) failures.push(`${newLocal.length} files were left under DATA_DIR/uploads`)
  const leftLeads = (await withDb(databaseUrl, (db) => leadsOf(db, tag))).filter((l) =>
    down.some((d) => idempotencyKey(tag, d.n) === l.key),
  )
  if (leftLeads.length)
    failures.push(`${leftLeads.length} leads exist for submissions refused while S3 was down`)
  if (recovered.status !== 201)
    failures.push(`after S3 came back a submission was answered ${recovered.status ?? recovered.error}`)

  return {
    failures,
    figures: {
      firstSubmission: first.status,
      objectsOfFirstSubmission: firstObjects,
      whileDown: down.map((d) => ({
        status: d.outcome.status ?? d.outcome.error,
        ms: d.outcome.ms,
        message: d.outcome.json?.message,
      })),
      statusesWhileDown: tally(down.map((d) => d.outcome.status ?? String(d.outcome.error))),
      newLeads: countsAfter.leads - countsBefore.leads,
      newCustomerUploads: countsAfter.uploads - countsBefore.uploads,
      newObjects: newObjects.length,
      newLocalFiles: newLocal.length,
      afterS3Returned: recovered.status,
      serverErrors: errorLines(logFile, 6),
      serverLog: logFile,
    },
  }
}
