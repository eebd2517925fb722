import fs from 'node:fs'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'

import S3rver from 's3rver'

// A real S3 protocol server (s3rver) on the loopback with one bucket, and the S3_* settings
// that reach it; set before the Payload config is imported (storage-s3 reads them then).
export async function startS3Server(bucket: string) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 's3rver-'))
  const create = (port: number) =>
    new S3rver({
      port,
      address: '127.0.0.1',
      silent: true,
      directory: dir,
      configureBuckets: [{ name: bucket }],
    })
  let server = create(0)
  const { port } = (await server.run()) as AddressInfo
  Object.assign(process.env, {
    S3_ENDPOINT: `http://127.0.0.1:${port}`,
    S3_REGION: 'us-east-1',
    S3_FORCE_PATH_STYLE: 'true',
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
  })
  return {
    port,
    stop: () => server.close(),
    // On the same port and folder, so what was stored is still there.
    async restart() {
      server = create(port)
      await server.run()
    },
    async remove() {
      await server.close()
      fs.rmSync(dir, { recursive: true, force: true })
    },
    // Object keys in the bucket (s3rver keeps each object as <key>._S3rver_object).
    keys(prefix = ''): string[] {
      const root = path.join(dir, bucket)
      const out: string[] = []
      const walk = (d: string) => {
        for (const entry of fs.existsSync(d) ? fs.readdirSync(d, { withFileTypes: true }) : []) {
          const full = path.join(d, entry.name)
          if (entry.isDirectory()) walk(full)
          else if (entry.name.endsWith('._S3rver_object'))
            out.push(path.relative(root, full).replace(/\._S3rver_object$/, ''))
        }
      }
      walk(root)
      return out.filter((k) => k.startsWith(prefix)).sort()
    },
  }
}
