import type { PayloadRequest } from 'payload'

import { businessTimeZone, spreadsheetDate } from '@/lib/business-time'

const DATE_COLUMNS = ['createdAt', 'updatedAt', 'quoteAcceptedAt', 'lostAt'] as const
// Dollars with their cents, as a spreadsheet sums them.
const DOLLAR_COLUMNS = ['quoteTotal'] as const

export function dollars(value: unknown): unknown {
  return typeof value === 'number' && Number.isFinite(value) ? value.toFixed(2) : value
}

// The CSV's dates in the business's time zone and its money in dollars and cents.
export async function exportTheBusinessWay({
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
  return data.map((row) => {
    const out = { ...row }
    for (const column of DATE_COLUMNS) {
      if (column in out) out[column] = spreadsheetDate(out[column], timeZone)
    }
    for (const column of DOLLAR_COLUMNS) {
      if (column in out) out[column] = dollars(out[column])
    }
    return out
  })
}
