import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import { PutObjectCommand } from '@aws-sdk/client-s3'
import { afterAll, describe, expect, it } from 'vitest'

import { backupName, backupTakenAt, backupsToKeep } from '@/lib/backup-retention'

import { TEST_DATA_DIR } from '../helpers/env'
import { phoneJpeg, requestForm, submitRequest } from '../helpers/request-fixtures'
import { startS3Server } from '../helpers/s3-server'

// Backups kept in a bucket of their own (a real S3 protocol server): uploaded with the
// manifest last, pruned to 7 daily and 4 weekly, and restored from their s3:// address.
const BUCKET = 'curbside-backups'
const s3 = await startS3Server(BUCKET)
process.env.BACKUP_S3_BUCKET = BUCKET

const { setupHarness } = await import('../helpers/harness')
const { restoreBackup, takeBackup } = await import('@/server/backup')
const { payloadMigrations } = await import('@/server/restore-migrations')
const { backupBucketFromEnv, downloadBackup, pruneBucketBackups, uploadBackup } =
  await import('@/server/backup-s3')
const h = setupHarness({ http: true })
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'backup-s3-'))

afterAll(async () => {
  await s3.remove()
  fs.rmSync(scratch, { recursive: true, force: true })
})

const objects = (prefix: string) => s3.keys(prefix)

describe('backups in a bucket', () => {
  it('are uploaded, pruned to 7 daily and 4 weekly, and restored from their address', async () => {
    const photo = { name: 'rim.jpg', type: 'image/jpeg', bytes: await phoneJpeg() }
    expect((await submitRequest(h.http, requestForm({ firstName: 'Bucket' }, [photo]))).status).toBe(201)
    const bucket = backupBucketFromEnv()!
    expect(bucket.prefix).toBe('backups/')

    // Thirty nightly backups already there, oldest first.
    for (let day = 30; day >= 1; day--) {
      const name = backupName(new Date(Date.now() - day * 86_400_000))
      await bucket.client.send(
        new PutObjectCommand({ Bucket: BUCKET, Key: `backups/${name}/manifest.json`, Body: '{}' }),
      )
    }
    const { dir, manifest } = await takeBackup({
      databaseUrl: process.env.DATABASE_URL!,
      storage: { uploadsDir: path.join(TEST_DATA_DIR, 'uploads') },
      target: scratch,
    })
    const url = await uploadBackup(bucket, dir)
    expect(url).toBe(`s3://${BUCKET}/backups/${manifest.name}`)
    const uploaded = objects(`backups/${manifest.name}/`)
    expect(uploaded).toContain(`backups/${manifest.name}/manifest.json`)
    expect(uploaded).toContain(`backups/${manifest.name}/db/leads.jsonl.gz`)
    expect(uploaded.filter((k) => k.includes('/files/customer-uploads/'))).toHaveLength(1)

    const before = [...new Set(objects('backups/').map((k) => k.split('/')[1]))]
    expect(before).toHaveLength(31)
    const gone = await pruneBucketBackups(bucket)
    const left = [...new Set(objects('backups/').map((k) => k.split('/')[1]))].sort()
    // Exactly what the retention rule (unit-tested) keeps; every object of the others is gone.
    const keep = backupsToKeep(before.map((name) => ({ name, takenAt: backupTakenAt(name)! })))
    expect(left).toEqual([...keep].sort())
    expect(left.length).toBeGreaterThanOrEqual(8)
    expect(left).toContain(manifest.name)
    expect(gone.sort()).toEqual(before.filter((n) => !keep.has(n)).sort())

    fs.rmSync(dir, { recursive: true, force: true })
    await h.payload.update({
      collection: 'leads',
      where: {},
      data: { description: 'changed after the backup' },
    })
    const local = await downloadBackup(bucket, url, scratch)
    const restored = await restoreBackup({
      databaseUrl: process.env.DATABASE_URL!,
      storage: { uploadsDir: path.join(TEST_DATA_DIR, 'uploads') },
      source: local,
      migrations: payloadMigrations(process.env.DATABASE_URL!),
      force: true,
    })
    expect(restored.tables.leads).toBe(manifest.tables.leads)
    const [lead] = (await h.payload.find({ collection: 'leads', where: { firstName: { equals: 'Bucket' } } }))
      .docs
    expect(lead.description).not.toBe('changed after the backup')

    await expect(downloadBackup(bucket, 's3://another-bucket/backups/x', scratch)).rejects.toThrow(
      `s3://another-bucket/backups/x is not a backup in s3://${BUCKET}/.`,
    )
  })
})
