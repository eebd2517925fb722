import type { PayloadRequest } from 'payload'

import { businessTimeZone, spreadsheetDate } from '@/lib/business-time'

export async function exportDatesInBusinessZone({
  data,
  req,
}: {
  data: Record<string, unknown>[]
  req: PayloadRequest
}) {
  const settings = await req.payload.findGlobal({
    slug: 'site-settings',
    depth: 0,
    select: { timeZone: true },
    req,
  })
  const timeZone = businessTimeZone(settings?.timeZone)
  return data.map((row) => ({
    ...row,
    ...('createdAt' in row ? { createdAt: spreadsheetDate(row.createdAt, timeZone) } : {}),
    ...('updatedAt' in row ? { updatedAt: spreadsheetDate(row.updatedAt, timeZone) } : {}),
  }))
}
