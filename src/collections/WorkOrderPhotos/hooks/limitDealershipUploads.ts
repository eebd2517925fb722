import { sql } from '@payloadcms/db-postgres'
import type { CollectionBeforeOperationHook } from 'payload'

import { partnerDealership } from '@/access/isPartner'
import { dbOf } from '@/server/db'
import { refuseRateLimited } from '@/server/rate-limit'

// Read at call time so an operator can tune them. A lot sweep of 50 cars with a photo per
// wheel is 200; a cleaned photo is well under 1 MB.
export function dealershipUploadLimit(): { photos: number; bytes: number } {
  const photos = Number(process.env.PARTNER_PHOTOS_PER_DAY || 500)
  const megabytes = Number(process.env.PARTNER_PHOTO_MB_PER_DAY || 500)
  return {
    photos: photos > 0 ? photos : 500,
    bytes: (megabytes > 0 ? megabytes : 500) * 1024 * 1024,
  }
}

export function uploadLimitMessage(limit = dealershipUploadLimit()): string {
  const mb = Math.round(limit.bytes / 1024 / 1024)
  return `Your dealership has reached its limit of ${limit.photos} photos (${mb} MB) in 24 hours. Please try again later, or call us.`
}

/**
 * A dealership's partners upload at most so many photos, and so many bytes, in any 24 hours,
 * whoever of them sends them: counted from the stored photos, after cleaning (the bytes kept).
 * Two uploads of one dealership at once wait for each other on a lock held by the upload's
 * transaction, so the limit holds across instances. Staff are not limited.
 */
export const limitDealershipUploads: CollectionBeforeOperationHook = async ({ args, operation, req }) => {
  if (operation !== 'create') return args
  const dealership = partnerDealership(req.user)
  if (dealership === null) return args
  const limit = dealershipUploadLimit()
  const size = (req.file as { size?: number } | undefined)?.size ?? 0
  const db = await dbOf(req.payload, req)
  await db.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`work-order-photos:${dealership}`}))`)
  const result = (await db.execute(sql`
    SELECT count(*)::int AS photos, coalesce(sum(filesize), 0)::bigint AS bytes,
      ceil(extract(epoch FROM min(created_at) + interval '24 hours' - now()))::int AS wait
    FROM work_order_photos
    WHERE dealership_id = ${dealership} AND created_at > now() - interval '24 hours'`)) as unknown as {
    rows: { photos: number; bytes: string | number; wait: number | null }[]
  }
  const used = result.rows[0]
  if (used.photos + 1 > limit.photos || Number(used.bytes) + size > limit.bytes) {
    refuseRateLimited(req, uploadLimitMessage(limit), Math.max(1, used.wait ?? 1))
  }
  return args
}
