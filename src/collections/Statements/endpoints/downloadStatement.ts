import type { Endpoint, PayloadRequest } from 'payload'

import { type StatementFileKind, statementFiles } from '../statementFiles'
import { rowId } from '@/lib/row-id'
import { XLSX_CONTENT_TYPE } from '@/lib/xlsx'

const notFound = () =>
  Response.json(
    { errors: [{ message: 'Not Found' }] },
    { status: 404, headers: { 'Cache-Control': 'no-store, private' } },
  )

// GET /api/statements/:id/pdf, /:id/csv and /:id/xlsx: the statement's files, read with the
// caller's own access, so a partner gets its own dealership's and any other id answers 404, as for
// strangers.
const CONTENT_TYPES: Record<StatementFileKind, string> = {
  pdf: 'application/pdf',
  csv: 'text/csv; charset=utf-8',
  xlsx: XLSX_CONTENT_TYPE,
}

export const downloadStatement = (kind: StatementFileKind): Endpoint => ({
  path: `/:id/${kind}`,
  method: 'get',
  handler: async (req: PayloadRequest) => {
    const id = rowId(req.routeParams?.id)
    if (!req.user || id === null) return notFound()
    const statement = await req.payload.findByID({
      collection: 'statements',
      id,
      depth: 0,
      overrideAccess: false,
      user: req.user,
      disableErrors: true,
      req,
    })
    if (!statement) return notFound()
    const files = await statementFiles(req.payload, statement, req)
    const body = kind === 'csv' ? files.csv : new Uint8Array(files[kind])
    return new Response(body, {
      headers: {
        'Content-Type': CONTENT_TYPES[kind],
        'Content-Disposition': `attachment; filename="${files[`${kind}Name`]}"`,
        'Cache-Control': 'no-store, private',
      },
    })
  },
})
