import fs from 'node:fs'
import path from 'node:path'

import {
  DeleteObjectsCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3'

import { backupTakenAt, backupsToKeep } from '@/lib/backup-retention'
import { clientConfig } from '@/server/s3'

// Backups kept in a bucket of their own: each backup folder under `<prefix><name>/`, its
// manifest written last, so a backup without one was cut short and is never restored.
export type BackupBucket = { client: S3Client; bucket: string; prefix: string }

export function backupBucketFromEnv(): BackupBucket | null {
  const env = process.env
  if (!env.BACKUP_S3_BUCKET) return null
  const client = new S3Client(clientConfig())
  const prefix = env.BACKUP_S3_PREFIX ?? 'backups/'
  return {
    client,
    bucket: env.BACKUP_S3_BUCKET,
    prefix: prefix && !prefix.endsWith('/') ? `${prefix}/` : prefix,
  }
}

function filesUnder(dir: string): string[] {
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)))
    .sort()
}

async function keysUnder(to: BackupBucket, prefix: string, delimiter?: string) {
  const keys: string[] = []
  const folders: string[] = []
  let token: string | undefined
  do {
    const page = await to.client.send(
      new ListObjectsV2Command({
        Bucket: to.bucket,
        Prefix: prefix,
        Delimiter: delimiter,
        ContinuationToken: token,
      }),
    )
    for (const o of page.Contents ?? []) if (o.Key) keys.push(o.Key)
    for (const p of page.CommonPrefixes ?? []) if (p.Prefix) folders.push(p.Prefix)
    token = page.IsTruncated ? page.NextContinuationToken : undefined
  } while (token)
  return { keys, folders }
}

export async function uploadBackup(to: BackupBucket, dir: string): Promise<string> {
  const name = path.basename(dir)
  const files = filesUnder(dir)
  const ordered = [...files.filter((f) => f !== 'manifest.json'), 'manifest.json']
  for (const rel of ordered) {
    await to.client.send(
      new PutObjectCommand({
        Bucket: to.bucket,
        Key: `${to.prefix}${name}/${rel.split(path.sep).join('/')}`,
        Body: fs.readFileSync(path.join(dir, rel)),
      }),
    )
  }
  return `s3://${to.bucket}/${to.prefix}${name}`
}

export async function pruneBucketBackups(
  to: BackupBucket,
  keep = { daily: 7, weekly: 4 },
): Promise<string[]> {
  const { folders } = await keysUnder(to, to.prefix, '/')
  const dated = folders.flatMap((folder) => {
    const name = folder.slice(to.prefix.length).replace(/\/$/, '')
    const takenAt = backupTakenAt(name)
    return takenAt ? [{ name, takenAt }] : []
  })
  const kept = backupsToKeep(dated, keep)
  const gone = dated.filter((b) => !kept.has(b.name)).map((b) => b.name)
  for (const name of gone) {
    const { keys } = await keysUnder(to, `${to.prefix}${name}/`)
    for (let i = 0; i < keys.length; i += 1000) {
      await to.client.send(
        new DeleteObjectsCommand({
          Bucket: to.bucket,
          Delete: { Objects: keys.slice(i, i + 1000).map((Key) => ({ Key })) },
        }),
      )
    }
  }
  return gone
}

// s3://bucket/prefix/backup-… into a local folder, for restore to read.
export async function downloadBackup(to: BackupBucket, url: string, into: string): Promise<string> {
  const match = url.match(/^s3:\/\/([^/]+)\/(.+?)\/?$/)
  if (!match || match[1] !== to.bucket) throw new Error(`${url} is not a backup in s3://${to.bucket}/.`)
  const prefix = `${match[2]}/`
  const dir = path.join(into, path.basename(match[2]))
  const { keys } = await keysUnder(to, prefix)
  for (const key of keys) {
    const res = await to.client.send(new GetObjectCommand({ Bucket: to.bucket, Key: key }))
    const file = path.join(dir, ...key.slice(prefix.length).split('/'))
    fs.mkdirSync(path.dirname(file), { recursive: true })
    fs.writeFileSync(file, Buffer.from(await res.Body!.transformToByteArray()))
  }
  return dir
}
