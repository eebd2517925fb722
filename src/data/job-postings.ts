import 'server-only'

import config from '@payload-config'
import { unstable_cache } from 'next/cache'
import { getPayload } from 'payload'

import { convertLexicalToHTML } from '@payloadcms/richtext-lexical/html'
import type { SerializedEditorState } from '@payloadcms/richtext-lexical/lexical'

import { businessTimeZone, toZonedInput } from '@/lib/business-time'
import { CACHE_TAGS } from '@/lib/cache-tags'
import { isRichTextDocument, type RichTextDocument } from '@/lib/lexical'

export type OpenPosting = {
  id: number
  title: string
  employmentType: string
  location: string
  payText: string | null
  description: RichTextDocument
  descriptionHtml: string
  applyEmail: string | null
  // The business's calendar day, YYYY-MM-DD.
  datePosted: string
  validThrough: string | null
}

// Read as a visitor (access decides what is open), newest first.
async function readOpenPostings(): Promise<OpenPosting[]> {
  const payload = await getPayload({ config })
  const timeZone = businessTimeZone((await payload.findGlobal({ slug: 'site-settings', depth: 0 })).timeZone)
  const { docs } = await payload.find({
    collection: 'job-postings',
    overrideAccess: false,
    where: { open: { equals: true } },
    sort: '-createdAt',
    limit: 20,
    depth: 0,
    pagination: false,
  })
  return docs.flatMap((doc) =>
    isRichTextDocument(doc.description)
      ? [
          {
            id: doc.id,
            title: doc.title,
            employmentType: doc.employmentType,
            location: doc.location,
            payText: doc.payText ?? null,
            description: doc.description as RichTextDocument,
            descriptionHtml: convertLexicalToHTML({
              data: doc.description as unknown as SerializedEditorState,
              disableContainer: true,
            }),
            applyEmail: doc.applyEmail ?? null,
            datePosted: toZonedInput(doc.createdAt, timeZone).slice(0, 10),
            validThrough: doc.validThrough ?? null,
          },
        ]
      : [],
  )
}

const cachedOpenPostings = unstable_cache(readOpenPostings, ['job-postings'], {
  tags: [CACHE_TAGS.jobPostings],
})

export async function getOpenPostings(): Promise<OpenPosting[]> {
  try {
    // A closing date passes without a save to tell the cache: checked on every read.
    const now = Date.now()
    return (await cachedOpenPostings()).filter((p) => !p.validThrough || Date.parse(p.validThrough) > now)
  } catch (err) {
    console.error('job postings unavailable:', err)
    return []
  }
}
