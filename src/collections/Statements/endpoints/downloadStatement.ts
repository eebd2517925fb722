import type { Endpoint, PayloadRequest } from 'payload'

import { statementFiles } from '../statementFiles'
import { rowId } from '@/lib/row-id'

const notFound = () =>
  Response.json(
    { errors: [{ message: 'Not Found' }] },
    { status: 404, headers: { 'Cache-Control': 'no-store, private' } },
  )

// GET /api/statements/:id/pdf and /:id/csv: the statement's files, read with the caller's own
// access, so a partner gets its own dealership's and any other id answers 404, as for strangers.
export const downloadStatement = (kind: 'pdf' | 'csv'): Endpoint => ({
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
    const body = kind === 'pdf' ? new Uint8Array(files.pdf) : files.csv
    return new Response(body, {
      headers: {
        'Content-Type': kind === 'pdf' ? 'application/pdf' : 'text/csv; charset=utf-8',
        'Content-Disposition': `attachment; filename="${kind === 'pdf' ? files.pdfName : files.csvName}"`,
        'Cache-Control': 'no-store, private',
      },
    })
  },
})
