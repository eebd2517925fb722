import { randomUUID } from 'node:crypto'
import fs from 'node:fs/promises'

import { ValidationError, commitTransaction, initTransaction, killTransaction } from 'payload'
import type { Endpoint, Payload, PayloadRequest } from 'payload'

import { isApprovedStaff } from '@/access/isApprovedStaff'
import { PHOTO_CLEANED } from '@/collections/CustomerUploads/hooks/keepCleanedPhoto'
import { removeStoredFiles } from '@/collections/CustomerUploads/removeStoredFiles'
import { PhotoRejected, cleanPhoto } from '@/server/quote-photos'
import type { CleanPhoto } from '@/server/quote-photos'
import { cleanAsReceived } from '@/server/clean-as-received'
import {
  HONEYPOT_FIELD,
  IDEMPOTENCY_HEADER,
  IDEMPOTENCY_KEY_PATTERN,
  MAX_PHOTOS,
} from '@/lib/quote-constants'
import { UploadTooLarge, UploadUnreadable, makeUploadFolder, receiveQuoteUpload } from '@/server/quote-upload'
import type { QuoteUpload, ReceivedPhoto } from '@/server/quote-upload'
import { fieldErrors, quoteRequestSchema } from '@/lib/quote-schema'
import type { QuoteRequest } from '@/lib/quote-schema'
import { createPerCoreLimiter } from '@/lib/limiter'
import { PROMO_CODE_FIELD, SOURCE_FIELDS, cleanSource, normalizePromoInput } from '@/lib/lead-source'
import type { SourceField } from '@/lib/lead-source'
import {
  PromoRefused,
  linkLeadToPromotion,
  precheckPromoCode,
  redeemPromoCode,
} from '@/server/promo-redemption'
import { RATE_LIMITED_MESSAGE, clientAddress, hitQuoteRateLimit } from '@/server/rate-limit'

const FAILED = 'There was a problem submitting your request. Please try again.'

type Answer = { status: number; body: Record<string, unknown>; headers?: Record<string, string> }

const answer = ({ status, body, headers }: Answer) => Response.json(body, { status, headers })
const invalid = (errors: Record<string, string>) =>
  answer({ status: 400, body: { message: 'Please check the highlighted fields.', fieldErrors: errors } })

const success = (photos: number, replayed: boolean): Response =>
  answer({
    status: 201,
    body: { message: 'Request submitted', photos },
    headers: replayed ? { 'Idempotent-Replayed': 'true' } : undefined,
  })

// Read outside any transaction: only what has really been committed.
async function leadWithKey(payload: Payload, key: string) {
  const { docs } = await payload.find({
    collection: 'leads',
    where: { idempotencyKey: { equals: key } },
    depth: 0,
    limit: 1,
    overrideAccess: true,
    pagination: false,
  })
  return docs[0] ?? null
}

async function replayOf(req: PayloadRequest, key: string): Promise<Response | null> {
  const lead = await leadWithKey(req.payload, key)
  return lead ? success(lead.photos?.length ?? 0, true) : null
}

// The Postgres adapter's commitTransaction swallows a failed COMMIT
// (@payloadcms/drizzle/dist/transactions/commitTransaction.js: `catch (_) { await
// session.reject() }`, and the transaction promise it settles has its own catch), so a
// commit that did not happen looks exactly like one that did.
class CommitNotConfirmed extends Error {}

// A photo sharp refused, with the message the form shows under the photos.
class PhotoRefused extends Error {
  constructor(name: string, reason: string) {
    super(`"${name}" ${reason}`)
  }
}

// Payload's field errors as the endpoint's own field errors. Paths of the photos' own
// documents mean nothing to the form, so those all land on `photos`.
function fieldErrorsOf(err: ValidationError, stage: 'photos' | 'lead'): Record<string, string> {
  const out: Record<string, string> = {}
  for (const { path, message } of err.data.errors) {
    out[stage === 'photos' ? 'photos' : String(path || 'form')] ??= message
  }
  return out
}

// POST /api/quote-requests: one quote request, fields and photos together (multipart).
// Checked in order of cost: submission key (a replay answers like the first time), rate
// limit, size, honeypot, fields, photos (decoded and re-encoded by sharp, each as soon as
// it has arrived once the fields sent before it pass: cleanAsReceived). Then the photos,
// the lead and its e-mail jobs are written in ONE transaction; on any failure it is rolled
// back and the files already stored are removed, so nothing of the request remains. A 201
// is only sent once the lead has been read back after the commit. Bad input is always a
// 4xx: what Payload's own validation still refuses becomes a 400 with field errors.
export const submitQuote: Endpoint = {
  path: '/quote-requests',
  method: 'post',
  // Whatever fails outside the transaction's own handling (the database gone while the
  // key or the rate limit is looked up) is the spec's error too, as a 503 worth retrying.
  handler: async (req) => {
    try {
      return await handleQuoteRequest(req)
    } catch (err) {
      req.payload.logger.error({ err, msg: 'quote request: failed before anything was written' })
      return answer({ status: 503, body: { message: FAILED }, headers: { 'Retry-After': '5' } })
    }
  },
}

async function handleQuoteRequest(req: PayloadRequest): Promise<Response> {
  const { payload } = req
  const key = req.headers.get(IDEMPOTENCY_HEADER)
  if (key !== null && !IDEMPOTENCY_KEY_PATTERN.test(key)) {
    return answer({
      status: 400,
      body: { message: `${IDEMPOTENCY_HEADER} must be 16-100 letters, digits, - or _.` },
    })
  }
  if (key) {
    const replay = await replayOf(req, key)
    if (replay) return replay
  }

  if (!isApprovedStaff(req.user)) {
    const limit = await hitQuoteRateLimit(payload, clientAddress(req.headers))
    if (!limit.allowed) {
      return answer({
        status: 429,
        body: { message: RATE_LIMITED_MESSAGE },
        headers: { 'Retry-After': String(limit.retryAfterSeconds) },
      })
    }
  }

  const contentType = req.headers.get('content-type') ?? ''
  if (!contentType.toLowerCase().startsWith('multipart/form-data')) {
    return answer({ status: 415, body: { message: 'Send the quote request as multipart/form-data.' } })
  }
  // The photos wait on disk, each in its own file, until they are worked on; whatever
  // happens next, the folder goes with the request, once no photo is read any more.
  const dir = await makeUploadFolder()
  // In a burst, each request's photo work keeps the place in line of its arrival, so the
  // first request is answered first instead of all of them at the end.
  const arrived = performance.now()
  const photos = cleanAsReceived({
    check: async (fields) => (await checkFields(req, fields)).ok,
    clean: (file) => cleanPhoto(file, arrived),
  })
  try {
    return await checkAndStore(req, key, dir, photos, arrived)
  } finally {
    await photos.settled()
    await fs.rm(dir, { recursive: true, force: true })
  }
}

type PhotoWork = ReturnType<typeof cleanAsReceived<CleanPhoto>>

// What the form sends, by name: the one place that turns the body's fields into the
// shared schema's input.
function quoteFieldsOf(fields: ReadonlyMap<string, string>) {
  const text = (name: string) => fields.get(name)
  return {
    firstName: text('firstName'),
    lastName: text('lastName'),
    phone: text('phone'),
    email: text('email'),
    description: text('description'),
    serviceType: text('serviceType'),
  }
}

// The optional promo code and the visit's source, beside the quote's own fields.
function extrasOf(fields: ReadonlyMap<string, string>): Extras {
  const source: Partial<Record<SourceField, unknown>> = {}
  for (const name of SOURCE_FIELDS) source[name] = fields.get(name)
  return { promoCode: normalizePromoInput(fields.get(PROMO_CODE_FIELD)), source: cleanSource(source) }
}

type Extras = { promoCode: string; source: Record<SourceField, string | null> }

type Checked = { ok: true; data: QuoteRequest; extras: Extras } | { ok: false; answer: Response }

// The request's text fields (and what was wrong with its photos as sent, if anything), in
// order: honeypot, the shared schema, then the promo code, which is looked up. Run on the
// fields sent before the first photo, to decide whether photo work may start early, and
// on the whole request once it has been read, which decides the answer.
async function checkFields(
  req: PayloadRequest,
  fields: ReadonlyMap<string, string>,
  photosError?: string,
): Promise<Checked> {
  // A person never sees this field; whatever fills it in is a bot.
  const honeypot = fields.get(HONEYPOT_FIELD)
  if (honeypot !== undefined && honeypot !== '') {
    return { ok: false, answer: answer({ status: 400, body: { message: 'This request was not accepted.' } }) }
  }

  const parsed = quoteRequestSchema.safeParse(quoteFieldsOf(fields))
  const errors = parsed.success ? {} : fieldErrors(parsed.error)
  if (photosError) errors.photos ??= photosError
  if (!parsed.success || errors.photos) return { ok: false, answer: invalid(errors) }

  // A code that cannot be taken is refused before the photos are worked on; the decision
  // itself is taken again in the lead's transaction (redeemPromoCode).
  const extras = extrasOf(fields)
  if (extras.promoCode) {
    const refused = await precheckPromoCode(req.payload, extras.promoCode)
    if (refused) return { ok: false, answer: invalid({ [PROMO_CODE_FIELD]: refused }) }
  }
  return { ok: true, data: parsed.data, extras }
}

function photosErrorOf(upload: QuoteUpload): string | undefined {
  if (upload.photosAsText) return 'Photos must be sent as files.'
  if (upload.tooManyPhotos) return `Send at most ${MAX_PHOTOS} photos.`
  return undefined
}

async function checkAndStore(
  req: PayloadRequest,
  key: string | null,
  dir: string,
  photos: PhotoWork,
  arrived: number,
): Promise<Response> {
  let upload: QuoteUpload
  try {
    upload = await receiveQuoteUpload(req.body as ReadableStream<Uint8Array> | null, req.headers, dir, {
      onPhoto: photos.onPhoto,
    })
  } catch (err) {
    if (err instanceof UploadTooLarge) {
      // Refused before the end of the body: the connection goes with the answer.
      return answer({
        status: 413,
        body: { message: `At most ${MAX_PHOTOS} photos of up to 15 MB each.` },
        headers: { connection: 'close' },
      })
    }
    // A photo that could not be written to disk is the server's failure (503 above).
    if (!(err instanceof UploadUnreadable)) throw err
    return answer({ status: 400, body: { message: 'The request could not be read.' } })
  }

  const checked = await checkFields(req, upload.fields, photosErrorOf(upload))
  if (!checked.ok) return checked.answer

  const oversized = upload.photos.find((photo) => photo.tooLarge)
  if (oversized) {
    return answer({
      status: 413,
      body: {
        message: `"${oversized.name}" is larger than 15 MB.`,
        fieldErrors: { photos: `"${oversized.name}" is larger than 15 MB.` },
      },
    })
  }
  // Storing is the heavy part left (a thumbnail each, the files written): at most one
  // submission with photos per core goes through it at a time, so a burst of them waits
  // here, its photos on disk or already cleaned (measured: docs/BENCHMARKS.md, quote).
  const store = () => storeQuote(req, checked.data, checked.extras, upload.photos, photos, key)
  return upload.photos.length ? withStorageSlot(store, arrived) : store()
}

const withStorageSlot = createPerCoreLimiter()

// The photos re-encoded, then the photos, the lead and its e-mail jobs in one transaction.
async function storeQuote(
  req: PayloadRequest,
  fields: QuoteRequest,
  extras: Extras,
  files: ReceivedPhoto[],
  photos: PhotoWork,
  key: string | null,
): Promise<Response> {
  const { payload } = req
  // Re-encoded side by side (cleanPhoto bounds how many run at once), and each stored as
  // soon as it is ready, in the order sent, while the next ones are still being worked on.
  // The first photo refused, in that order, is the one reported, and nothing is kept.
  // Asked for here, where each answer is awaited at once: a refusal that came while this
  // request waited for its turn must not be left without a handler.
  const cleaning = files.map((file) => photos.cleaning(file))
  const settled = Promise.allSettled(cleaning)
  // Every stored file is named after a fresh UUID, so a rollback can find them all.
  const baseNames: string[] = []
  // Without the browser's key the lead gets one of ours, to be found again after the commit.
  const storedKey = key ?? randomUUID()
  let stage: 'photos' | 'lead' = 'photos'
  const shouldCommit = await initTransaction(req).catch(async (err: unknown) => {
    await settled
    throw err
  })
  try {
    const photoIds: number[] = []
    for (const [i, next] of cleaning.entries()) {
      const photo = await next.catch((err: unknown) => {
        throw err instanceof PhotoRejected ? new PhotoRefused(files[i].name, err.message) : err
      })
      const base = randomUUID()
      baseNames.push(base)
      const doc = await payload.create({
        collection: 'customer-uploads',
        data: {},
        file: {
          data: photo.data,
          mimetype: 'image/jpeg',
          name: `${base}.jpg`,
          size: photo.data.byteLength,
        },
        depth: 0,
        overrideAccess: true,
        // Cleaned above: the collection stores these bytes as they are (one encode per photo).
        context: { [PHOTO_CLEANED]: true },
        req,
      })
      photoIds.push(doc.id)
    }
    stage = 'lead'
    // With the server's own rights: every value here was checked or made above, and only
    // this endpoint (or approved staff) may link customer photos to a lead.
    const lead = await payload.create({
      collection: 'leads',
      data: { ...fields, ...extras.source, status: 'new', photos: photoIds, idempotencyKey: storedKey },
      depth: 0,
      overrideAccess: true,
      context: { quoteRateLimitCounted: true },
      req,
    })
    // Last before COMMIT: the promotion's row stays locked from its count to the commit,
    // so concurrent requests with the same code queue only for that short moment.
    if (extras.promoCode) {
      const promotion = await redeemPromoCode(req, extras.promoCode)
      await linkLeadToPromotion(req, lead.id, promotion)
    }
    if (shouldCommit) {
      await commitTransaction(req)
      const committed = await leadWithKey(payload, storedKey).then(
        (lead) => lead !== null,
        () => 'unknown' as const,
      )
      if (committed === 'unknown') {
        // The database went away between COMMIT and the read-back: the lead may well be
        // saved and point at these files, so they stay. The visitor sees the usual error
        // and keeps the form; sending it again with the same key replays the saved lead
        // or makes it now.
        payload.logger.error({
          msg: 'quote request: saved or not is unknown (the database did not answer after COMMIT); its files were kept',
          idempotencyKey: storedKey,
          files: baseNames,
        })
        return answer({ status: 503, body: { message: FAILED }, headers: { 'Retry-After': '5' } })
      }
      if (!committed) throw new CommitNotConfirmed('the lead is missing after COMMIT')
    }
    return success(files.length, false)
  } catch (err) {
    await killTransaction(req)
    // No photo is still being worked on once the request has its answer.
    await settled
    await removeStoredFiles(payload, baseNames).catch((cleanupErr) =>
      payload.logger.error({
        err: cleanupErr,
        msg: 'quote request: could not remove the files of a rolled-back submission',
      }),
    )
    // The same submission, sent twice at once: the other one has just made the lead (its
    // insert then fails on the unique key, which Payload reports as a ValidationError).
    if (key) {
      const replay = await replayOf(req, key).catch(() => null)
      if (replay) return replay
    }
    if (err instanceof PhotoRefused) return invalid({ photos: err.message })
    if (err instanceof PromoRefused) return invalid({ [PROMO_CODE_FIELD]: err.message })
    if (err instanceof ValidationError) return invalid(fieldErrorsOf(err, stage))
    payload.logger.error({ err, msg: 'quote request: could not be saved; nothing was kept' })
    return answer({ status: 500, body: { message: FAILED } })
  }
}
