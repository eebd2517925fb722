import 'server-only'

import config from '@payload-config'
import { unstable_cache } from 'next/cache'
import { getPayload } from 'payload'

import { CACHE_TAGS } from '@/lib/cache-tags'
import { isRichTextDocument, type RichTextDocument } from '@/lib/lexical'

export type OpenPosting = {
  id: number
  title: string
  employmentType: string
  location: string
  payText: string | null
  description: RichTextDocument
  applyEmail: string | null
  datePosted: string
}

// Read as a visitor (access decides what is open), newest first.
async function readOpenPostings(): Promise<OpenPosting[]> {
  const payload = await getPayload({ config })
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
            applyEmail: doc.applyEmail ?? null,
            datePosted: doc.createdAt,
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
    return await cachedOpenPostings()
  } catch (err) {
    console.error('job postings unavailable:', err)
    return []
  }
}
