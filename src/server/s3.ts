import { DeleteObjectsCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3'
import type { S3ClientConfig } from '@aws-sdk/client-s3'
import { s3Storage } from '@payloadcms/storage-s3'

// The plugin's fields are always inserted, so the schema and migrations are the same with or without S3.
export const s3Enabled = () => Boolean(process.env.S3_BUCKET)

// The S3_* settings, for the uploads' bucket and for the backups' own.
export function clientConfig(): S3ClientConfig {
  const env = process.env
  return {
    endpoint: env.S3_ENDPOINT || undefined,
    region: env.S3_REGION || 'us-east-1',
    forcePathStyle: env.S3_FORCE_PATH_STYLE === 'true',
    credentials:
      env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY
        ? { accessKeyId: env.S3_ACCESS_KEY_ID, secretAccessKey: env.S3_SECRET_ACCESS_KEY }
        : undefined,
  }
}

export async function deleteS3ObjectsWithPrefix(prefix: string): Promise<void> {
  const client = new S3Client(clientConfig())
  const Bucket = process.env.S3_BUCKET!
  try {
    const listed = await client.send(new ListObjectsV2Command({ Bucket, Prefix: prefix }))
    const keys = (listed.Contents ?? []).flatMap((o) => (o.Key ? [{ Key: o.Key }] : []))
    if (keys.length) await client.send(new DeleteObjectsCommand({ Bucket, Delete: { Objects: keys } }))
  } finally {
    client.destroy()
  }
}

export function storagePlugin() {
  const env = process.env
  const enabled = s3Enabled()
  return s3Storage({
    enabled,
    alwaysInsertFields: true,
    bucket: env.S3_BUCKET || 'unused',
    collections: {
      'gallery-images': { prefix: 'gallery' },
      // Without signedDownloads, files go through Payload's file route and its read access: staff-only.
      'customer-uploads': { prefix: 'customer-uploads' },
      // Read through the file route too: staff and the photo's own dealership only.
      'work-order-photos': { prefix: 'work-order-photos' },
    },
    config: clientConfig(),
  })
}
