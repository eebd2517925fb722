import { randomUUID } from 'node:crypto'
import fs from 'node:fs/promises'

import { sql } from '@payloadcms/db-postgres'

import { ValidationError, commitTransaction, initTransaction, killTransaction } from 'payload'
import type { Endpoint, Payload, PayloadRequest } from 'payload'

import { isApprovedStaff } from '@/access/isApprovedStaff'
import { removeStoredFiles } from '@/collections/CustomerUploads/removeStoredFiles'
import { storeCleanedPhoto } from '@/collections/CustomerUploads/storeCleanedPhoto'
import { PhotoRejected, cleanPhoto } from '@/collections/CustomerUploads/cleanPhoto'
import type { CleanPhoto } from '@/collections/CustomerUploads/cleanPhoto'
import { cleanAsReceived } from '@/collections/Leads/cleanAsReceived'
import { dbOf } from '@/server/db'
import { formSubmissionKey } from '@/server/form-key'
import {
  DRAFT_FIELD,
  FORM_KEY_FIELD,
  HONEYPOT_FIELD,
  IDEMPOTENCY_HEADER,
  IDEMPOTENCY_KEY_PATTERN,
  MAX_PHOTOS,
  PHOTOS_NOT_STORED,
  REQUEST_FAILED,
  REQUEST_PATH,
  UPLOAD_TOO_LARGE,
} from '@/lib/request-constants'
import {
  UploadTooLarge,
  UploadUnreadable,
  makeUploadFolder,
  receiveRequestUpload,
} from '@/collections/Leads/requestUpload'
import type { RequestUpload, ReceivedPhoto } from '@/collections/Leads/requestUpload'
import { fieldErrors, submittedRequestSchema } from '@/lib/request-schema'
import type { SubmittedRequest } from '@/lib/request-schema'
import { createPerCoreLimiter } from '@/lib/limiter'
import {
  FORM_CHANNEL,
  PROMO_CODE_FIELD,
  SOURCE_FIELDS,
  cleanSource,
  normalizePromoInput,
} from '@/lib/lead-source'
import type { SourceField } from '@/lib/lead-source'
import {
  PromoRefused,
  linkLeadToPromotion,
  precheckPromoCode,
  redeemPromoCode,
} from '@/collections/Promotions/redemption'
import { RATE_LIMITED_MESSAGE, clientAddress, hitRequestRateLimit } from '@/server/rate-limit'
import { isCrossSite, isPlainFormPost } from '@/server/cross-site'
import { removeDraft } from '@/collections/Leads/requestDrafts'
import { TEXT_CONSENT_FIELD, consentGiven } from '@/lib/customer-texts'

import { answerAsPage } from './answerAsPage'
import type { Received } from './answerAsPage'

const FAILED = REQUEST_FAILED

type Answer = { status: number; body: Record<string, unknown>; headers?: Record<string, string> }

const answer = ({ status, body, headers }: Answer) => Response.json(body, { status, headers })
const invalid = (errors: Record<string, string>) =>
  answer({ status: 400, body: { message: 'Please check the highlighted fields.', fieldErrors: errors } })

// `outsideArea`: the ZIP code given is not in the service area (the form says a trip fee may apply).
const success = (photos: number, replayed: boolean, outsideArea = false): Response =>
  answer({
    status: 201,
    body: { message: 'Request submitted', photos, outsideArea },
    headers: replayed ? { 'Idempotent-Replayed': 'true' } : undefined,
  })

// The browser's Idempotency-Key (the scripted form), or the rendered form's key and words.
type LeadKey = { idempotencyKey: string } | { formKey: string }

// Read outside any transaction: only what has really been committed.
async function leadWithKey(payload: Payload, key: LeadKey) {
  const [[field, value]] = Object.entries(key)
  const { docs } = await payload.find({
    collection: 'leads',
    where: { [field]: { equals: value } },
    depth: 0,
    limit: 1,
    overrideAccess: true,
    pagination: false,
  })
  return docs[0] ?? null
}

async function replayOf(req: PayloadRequest, key: LeadKey): Promise<Response | null> {
  const lead = await leadWithKey(req.payload, key)
  return lead ? success(lead.photos?.length ?? 0, true, Boolean(lead.outsideServiceArea)) : null
}

// PostgreSQL's errors carry a five-character SQLSTATE; Drizzle wraps them as the cause.
function fromTheDatabase(err: unknown): boolean {
  for (let e = err, depth = 0; e && typeof e === 'object' && depth < 5; e = (e as Error).cause, depth++) {
    const code = (e as { code?: unknown }).code
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return true
  }
  return false
}

async function databaseAnswers(payload: Payload): Promise<boolean> {
  return (await dbOf(payload)).execute(sql`SELECT 1`).then(
    () => true,
    () => false,
  )
}

// The Postgres adapter's commitTransaction swallows a failed COMMIT, so a commit that did
// not happen looks like one that did; the lead is read back to confirm it.
class CommitNotConfirmed extends Error {}

class PhotoRefused extends Error {
  constructor(name: string, reason: string) {
    super(`"${name}" ${reason}`)
  }
}

// Paths of the photos' own documents mean nothing to the form, so those land on `photos`.
function fieldErrorsOf(err: ValidationError, stage: 'photos' | 'lead'): Record<string, string> {
  const out: Record<string, string> = {}
  for (const { path, message } of err.data.errors) {
    out[stage === 'photos' ? 'photos' : String(path || 'form')] ??= message
  }
  return out
}

export const CROSS_SITE_REQUEST = 'Requests from other sites are refused.'

// Checked in order of cost (origin, key, rate limit, size, honeypot, fields, photos). Photos, lead
// and e-mail jobs are written in ONE transaction; on failure it is rolled back and stored files
// removed. The 201 is sent only once the lead has been read back after the commit. A form the
// browser posted itself (no script) gets the same decision as a redirect to a page.
export const submitRequest: Endpoint = {
  path: REQUEST_PATH,
  method: 'post',
  handler: async (req) => {
    // Another site's page (its form, or its script without our key header) makes no lead.
    if (isCrossSite(req)) return answer({ status: 403, body: { message: CROSS_SITE_REQUEST } })
    const received: Received = {}
    let response: Response
    try {
      response = await handleRequest(req, received)
    } catch (err) {
      // The database gone while the key or rate limit is looked up: a 503 worth retrying.
      req.payload.logger.error({ err, msg: 'customer request: failed before anything was written' })
      response = answer({ status: 503, body: { message: FAILED }, headers: { 'Retry-After': '5' } })
    }
    if (response.ok && received.fields?.get(DRAFT_FIELD)) {
      await removeDraft(req.payload, received.fields.get(DRAFT_FIELD)).catch((err: unknown) =>
        req.payload.logger.error({ err, msg: 'customer request: could not remove its sent-back form' }),
      )
    }
    return isPlainFormPost(req.headers) ? answerAsPage(req.payload, response, received) : response
  },
}

async function handleRequest(req: PayloadRequest, received: Received): Promise<Response> {
  const { payload } = req
  const key = req.headers.get(IDEMPOTENCY_HEADER)
  if (key !== null && !IDEMPOTENCY_KEY_PATTERN.test(key)) {
    return answer({
      status: 400,
      body: { message: `${IDEMPOTENCY_HEADER} must be 16-100 letters, digits, - or _.` },
    })
  }
  if (key) {
    const replay = await replayOf(req, { idempotencyKey: key })
    if (replay) return replay
  }

  if (!isApprovedStaff(req.user)) {
    const limit = await hitRequestRateLimit(payload, clientAddress(req.headers))
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
  // The folder goes with the request, once no photo is read any more.
  const dir = await makeUploadFolder()
  // Photo work keeps each request's place in line, so a burst is answered in arrival order.
  const arrived = performance.now()
  const photos = cleanAsReceived({
    check: async (fields) => (await checkFields(req, fields)).ok,
    clean: (file) => cleanPhoto(file, arrived),
  })
  try {
    return await checkAndStore(req, key, dir, photos, arrived, received)
  } finally {
    await photos.settled()
    await fs.rm(dir, { recursive: true, force: true })
  }
}

type PhotoWork = ReturnType<typeof cleanAsReceived<CleanPhoto>>

function requestFieldsOf(fields: ReadonlyMap<string, string>) {
  const text = (name: string) => fields.get(name)
  return {
    firstName: text('firstName'),
    lastName: text('lastName'),
    phone: text('phone'),
    email: text('email'),
    description: text('description'),
    address: text('address'),
    zip: text('zip'),
    vehicle: text('vehicle'),
    wheelSize: text('wheelSize'),
    serviceType: text('serviceType'),
  }
}

function extrasOf(fields: ReadonlyMap<string, string>): Extras {
  const source: Partial<Record<SourceField, unknown>> = {}
  for (const name of SOURCE_FIELDS) source[name] = fields.get(name)
  return {
    promoCode: normalizePromoInput(fields.get(PROMO_CODE_FIELD)),
    source: cleanSource(source),
    textConsent: consentGiven(fields.get(TEXT_CONSENT_FIELD)),
  }
}

type Extras = { promoCode: string; source: Record<SourceField, string | null>; textConsent: boolean }

type Checked = { ok: true; data: SubmittedRequest; extras: Extras } | { ok: false; answer: Response }

// Run on the fields sent before the first photo, to decide whether photo work may start
// early, and on the whole request once read, which decides the answer.
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

  const parsed = submittedRequestSchema.safeParse(requestFieldsOf(fields))
  const errors = parsed.success ? {} : fieldErrors(parsed.error)
  if (photosError) errors.photos ??= photosError
  if (!parsed.success || errors.photos) return { ok: false, answer: invalid(errors) }

  // Refused before the photos are worked on; decided again in the lead's transaction.
  const extras = extrasOf(fields)
  if (extras.promoCode) {
    const refused = await precheckPromoCode(req.payload, extras.promoCode)
    if (refused) return { ok: false, answer: invalid({ [PROMO_CODE_FIELD]: refused }) }
  }
  return { ok: true, data: parsed.data, extras }
}

function photosErrorOf(upload: RequestUpload): string | undefined {
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
  received: Received,
): Promise<Response> {
  let upload: RequestUpload
  try {
    upload = await receiveRequestUpload(req.body as ReadableStream<Uint8Array> | null, req.headers, dir, {
      onPhoto: photos.onPhoto,
    })
  } catch (err) {
    if (err instanceof UploadTooLarge) {
      // Refused before the end of the body: the connection goes with the answer.
      return answer({
        status: 413,
        body: { message: UPLOAD_TOO_LARGE },
        headers: { connection: 'close' },
      })
    }
    // A photo that could not be written to disk is the server's failure (503 above).
    if (!(err instanceof UploadUnreadable)) throw err
    return answer({ status: 400, body: { message: 'The request could not be read.' } })
  }
  received.fields = upload.fields
  received.photos = upload.photos.length

  // The form sent again (a double tap without script): answered as the first time, before any
  // check that the first lead itself could now fail (the promo code's last use, say).
  const formKey = formKeyOf(upload)
  if (formKey) {
    const replay = await replayOf(req, { formKey })
    if (replay) return replay
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
  // At most one submission with photos per core stores at a time, so a burst waits here.
  const store = () => storeRequest(req, checked.data, checked.extras, upload.photos, photos, { key, formKey })
  return upload.photos.length ? withStorageSlot(store, arrived) : store()
}

const withStorageSlot = createPerCoreLimiter()

// Everything the form said, its photos by name and size included, under the form's key.
function formKeyOf(upload: RequestUpload): string | null {
  const fields = [...upload.fields].filter(([name]) => name !== FORM_KEY_FIELD).sort()
  const photos = upload.photos.map((photo) => [photo.name, photo.size])
  return formSubmissionKey(upload.fields.get(FORM_KEY_FIELD), [JSON.stringify({ fields, photos })])
}

async function storeRequest(
  req: PayloadRequest,
  fields: SubmittedRequest,
  extras: Extras,
  files: ReceivedPhoto[],
  photos: PhotoWork,
  { key, formKey }: { key: string | null; formKey: string | null },
): Promise<Response> {
  const { payload } = req
  // Cleaned side by side, each stored once ready, in the order sent; the first refusal wins.
  // Asked for here, where each is awaited at once, so no rejection goes unhandled.
  const cleaning = files.map((file) => photos.cleaning(file))
  const settled = Promise.allSettled(cleaning)
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
      photoIds.push(await storeCleanedPhoto(req, photo, baseNames))
    }
    stage = 'lead'
    // Server rights: only this endpoint (or approved staff) may link customer photos to a lead.
    const lead = await payload.create({
      collection: 'leads',
      data: {
        ...fields,
        ...extras.source,
        channel: FORM_CHANNEL,
        // The visitor ticked "Text me about my request": when, for the carriers' records.
        textConsentAt: extras.textConsent ? new Date().toISOString() : null,
        status: 'new',
        photos: photoIds,
        idempotencyKey: storedKey,
        formKey,
      },
      depth: 0,
      overrideAccess: true,
      context: { requestRateLimitCounted: true },
      req,
    })
    // Last before COMMIT, so the promotion's row stays locked only for that short moment.
    if (extras.promoCode) {
      const promotion = await redeemPromoCode(req, extras.promoCode)
      await linkLeadToPromotion(req, lead.id, promotion)
    }
    if (shouldCommit) {
      await commitTransaction(req)
      const committed = await leadWithKey(payload, { idempotencyKey: storedKey }).then(
        (lead) => lead !== null,
        () => 'unknown' as const,
      )
      if (committed === 'unknown') {
        // The database went away after COMMIT: the lead may be saved and point at these files, so
        // they stay. A retry with the same key replays the lead or makes it.
        payload.logger.error({
          msg: 'customer request: saved or not is unknown (the database did not answer after COMMIT); its files were kept',
          idempotencyKey: storedKey,
          files: baseNames,
        })
        return answer({ status: 503, body: { message: FAILED }, headers: { 'Retry-After': '5' } })
      }
      if (!committed) throw new CommitNotConfirmed('the lead is missing after COMMIT')
    }
    return success(files.length, false, Boolean(lead.outsideServiceArea))
  } catch (err) {
    await killTransaction(req)
    // No photo is still being worked on once the request has its answer.
    await settled
    await removeStoredFiles(payload, baseNames).catch((cleanupErr) =>
      payload.logger.error({
        err: cleanupErr,
        msg: 'customer request: could not remove the files of a rolled-back submission',
      }),
    )
    // Sent twice at once: the other request made the lead and this insert hit the unique key.
    for (const twin of [key && { idempotencyKey: key }, formKey && { formKey }]) {
      const replay = twin ? await replayOf(req, twin).catch(() => null) : null
      if (replay) return replay
    }
    if (err instanceof PhotoRefused) return invalid({ photos: err.message })
    if (err instanceof PromoRefused) return invalid({ [PROMO_CODE_FIELD]: err.message })
    if (err instanceof ValidationError) return invalid(fieldErrorsOf(err, stage))
    if (stage === 'photos' && !fromTheDatabase(err) && (await databaseAnswers(payload))) {
      // The disk is full or read-only, or the file store is down: the visitor keeps the form
      // and learns that the photos were the cause, so the request can go without them.
      payload.logger.error({ err, msg: 'customer request: a photo could not be stored; nothing was kept' })
      return answer({
        status: 503,
        body: { message: FAILED, fieldErrors: { photos: PHOTOS_NOT_STORED } },
        headers: { 'Retry-After': '60' },
      })
    }
    payload.logger.error({ err, msg: 'customer request: could not be saved; nothing was kept' })
    return answer({ status: 500, body: { message: FAILED } })
  }
}
