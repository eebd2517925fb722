import { sql } from '@payloadcms/db-postgres'
import { commitTransaction, initTransaction, killTransaction } from 'payload'
import type { PayloadRequest } from 'payload'

import { type CleanPhoto, PhotoRejected, cleanPhoto } from '@/collections/CustomerUploads/cleanPhoto'
import { removeStoredFiles } from '@/collections/CustomerUploads/removeStoredFiles'
import { storeCleanedPhoto } from '@/collections/CustomerUploads/storeCleanedPhoto'
import { recordLeadEvent } from '@/collections/LeadEvents/timeline'
import { MAX_PHOTOS, MAX_PHOTO_BYTES } from '@/lib/request-constants'
import type { InboundText } from '@/lib/text-messages'
import { dbOf } from '@/server/db'
import { MediaRefused, downloadMedia } from '@/server/texts/provider'

type Fetched = { ok: true; photo: CleanPhoto } | { ok: false; reason: string }

// Bytes decide, as for the form's photos; a declared non-image (a contact card, a voice memo)
// is not even fetched.
async function fetchAndClean(item: InboundText['media'][number]): Promise<Fetched> {
  if (!/^image\//i.test(item.contentType)) {
    return { ok: false, reason: `is a file of type ${item.contentType || 'unknown'}, not a photo.` }
  }
  try {
    return { ok: true, photo: await cleanPhoto(await downloadMedia(item.url, MAX_PHOTO_BYTES)) }
  } catch (error) {
    if (error instanceof MediaRefused || error instanceof PhotoRejected)
      return { ok: false, reason: error.message }
    throw error
  }
}

/**
 * A received text's attachments, fetched from the provider and cleaned exactly as the form's
 * photos are, become the text's and its lead's photos; each one that cannot be is dropped with
 * a note on the lead's timeline. Stored once: a provider that cannot be reached throws (the job
 * retries) before anything is stored, and one runner only claims the text's photos.
 */
export async function storeTextPhotos(
  req: PayloadRequest,
  messageId: number,
  media: InboundText['media'],
): Promise<{ stored: number; dropped: number } | null> {
  const { payload } = req
  const message = await payload.findByID({
    collection: 'text-messages',
    id: messageId,
    depth: 0,
    overrideAccess: true,
    disableErrors: true,
  })
  if (!message || message.mediaStoredAt) return null
  const fetched: Fetched[] = []
  for (const item of media) fetched.push(await fetchAndClean(item))

  const stored: string[] = []
  const own = await initTransaction(req)
  try {
    const db = await dbOf(payload, req)
    const claimed = (await db.execute(sql`
      UPDATE text_messages SET media_stored_at = now(), updated_at = now()
      WHERE id = ${messageId} AND media_stored_at IS NULL RETURNING lead_id`)) as unknown as {
      rows: { lead_id: number | null }[]
    }
    if (!claimed.rows.length) {
      if (own) await commitTransaction(req)
      return null
    }
    const leadId = claimed.rows[0].lead_id === null ? null : Number(claimed.rows[0].lead_id)
    const ids: number[] = []
    for (const result of fetched) if (result.ok) ids.push(await storeCleanedPhoto(req, result.photo, stored))
    await payload.update({
      collection: 'text-messages',
      id: messageId,
      data: { media: ids },
      depth: 0,
      overrideAccess: true,
      req,
    })
    if (leadId !== null) {
      const lead = await payload.findByID({
        collection: 'leads',
        id: leadId,
        depth: 0,
        overrideAccess: true,
        req,
      })
      const had = (lead.photos ?? []).map((p) => (typeof p === 'object' ? p.id : p))
      const added = ids.slice(0, Math.max(0, MAX_PHOTOS - had.length))
      if (added.length) {
        await payload.update({
          collection: 'leads',
          id: leadId,
          data: { photos: [...had, ...added] },
          depth: 0,
          overrideAccess: true,
          req,
        })
      }
      const note = (text: string) =>
        recordLeadEvent(payload, req, { lead: leadId, kind: 'photo_dropped', text })
      for (const [i, result] of fetched.entries()) {
        if (!result.ok) await note(`Photo ${i + 1} of the text from ${message.fromNumber} ${result.reason}`)
      }
      if (added.length < ids.length) {
        await note(
          `${ids.length - added.length} photo(s) of the text from ${message.fromNumber} stay with the text only: the lead has ${MAX_PHOTOS} photos.`,
        )
      }
    }
    if (own) await commitTransaction(req)
    return { stored: ids.length, dropped: fetched.length - ids.length }
  } catch (error) {
    if (own) await killTransaction(req)
    await removeStoredFiles(payload, stored).catch((err: unknown) =>
      payload.logger.error({ err, msg: 'texted photos: could not remove the files of a rolled-back store' }),
    )
    throw error
  }
}
