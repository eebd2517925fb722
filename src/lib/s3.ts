import { s3Storage } from '@payloadcms/storage-s3'

// S3 (or any S3-compatible store) when S3_BUCKET is set; local disk otherwise. The
// plugin's fields are always inserted and each collection has a fixed prefix, so the
// database schema, and therefore the migrations, are the same either way.
export function storagePlugin() {
  const env = process.env
  const enabled = Boolean(env.S3_BUCKET)
  return s3Storage({
    enabled,
    alwaysInsertFields: true,
    bucket: env.S3_BUCKET || 'unused',
    collections: {
      'gallery-images': { prefix: 'gallery' },
      // Without signedDownloads, files are proxied through Payload's file route, which
      // applies the collection's read access: customer photos stay staff-only.
      'customer-uploads': { prefix: 'customer-uploads' },
    },
    config: {
      endpoint: env.S3_ENDPOINT || undefined,
      region: env.S3_REGION || 'us-east-1',
      forcePathStyle: env.S3_FORCE_PATH_STYLE === 'true',
      credentials:
        env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY
          ? { accessKeyId: env.S3_ACCESS_KEY_ID, secretAccessKey: env.S3_SECRET_ACCESS_KEY }
          : undefined,
    },
  })
}
