import path from 'node:path'

import { importExportPlugin } from '@payloadcms/plugin-import-export'
import { seoPlugin } from '@payloadcms/plugin-seo'
import { APIError } from 'payload'
import type { CollectionBeforeOperationHook, CollectionConfig, Endpoint, Plugin } from 'payload'

import { admins } from '@/access/admins'
import { approvedStaff } from '@/access/approvedStaff'
import { isApprovedStaff } from '@/access/isApprovedStaff'
import { nobody } from '@/access/nobody'
import { redirects } from '@/collections/Redirects'
import { rewriteCsv } from '@/lib/csv'
import { neutraliseCsvRows } from '@/lib/csv-safe'
import { exportTheBusinessWay, LEAD_EXPORT_FIELDS } from '@/collections/Leads/exportTheBusinessWay'
import { UPLOADS_DIR } from '@/server/paths'
import { storagePlugin } from '@/server/s3'

const refuse = (status: number, message: string) =>
  Response.json({ errors: [{ message }] }, { status, headers: { 'Cache-Control': 'no-store, private' } })

export const ONLY_LEADS = 'Only leads can be exported.'
const EXPORTABLE = new Set(['leads'])

// The plugin's endpoints check nothing before they stream and take any collection's slug from the body.
// The columns are the export's own: a request reads the fields they are made of, whatever it names.
function leadsForStaffOnly(endpoints: CollectionConfig['endpoints']): CollectionConfig['endpoints'] {
  if (!Array.isArray(endpoints)) return endpoints
  return endpoints.map((endpoint): Endpoint => ({
    ...endpoint,
    handler: async (req) => {
      if (!isApprovedStaff(req.user)) return refuse(403, 'You are not allowed to perform this action.')
      const body = (await req.json?.().catch(() => null)) as { data?: { collectionSlug?: unknown } } | null
      if (!body?.data || !EXPORTABLE.has(String(body.data.collectionSlug))) return refuse(400, ONLY_LEADS)
      const data = { ...body.data, fields: LEAD_EXPORT_FIELDS }
      req.json = async () => ({ ...body, data })
      return inTheProductsCsv(await endpoint.handler(req))
    },
  }))
}

// The lead columns Excel would read as numbers; written as quoted text (see csvIdentifier).
const LEAD_IDENTIFIERS = new Set(['Phone', 'ZIP code'])

// The plugin writes its CSV with LF line ends, which it offers no option to change: the
// downloaded file and the saved one are written again in the product's one CSV convention.
async function inTheProductsCsv(response: Response): Promise<Response> {
  if (!response.ok || !response.headers.get('Content-Type')?.startsWith('text/csv')) return response
  const headers = new Headers(response.headers)
  headers.delete('Content-Length')
  return new Response(rewriteCsv(await response.text(), LEAD_IDENTIFIERS), { status: 200, headers })
}

const savedInTheProductsCsv: CollectionBeforeOperationHook = ({ args, operation, req }) => {
  const file = req.file
  if (operation === 'create' && file?.data && file.mimetype?.startsWith('text/csv')) {
    const data = Buffer.from(rewriteCsv(file.data.toString('utf8'), LEAD_IDENTIFIERS), 'utf8')
    req.file = { ...file, data, size: data.length }
  }
  return args
}

// Saved exports name their collection and fields too, and the plugin exports before validating.
const leadColumnsOnly: CollectionBeforeOperationHook = ({ args, operation }) => {
  if (operation !== 'create' && operation !== 'update') return args
  const data = (args as { data?: { collectionSlug?: unknown; fields?: unknown } }).data
  if (data?.collectionSlug !== undefined && !EXPORTABLE.has(String(data.collectionSlug))) {
    throw new APIError(ONLY_LEADS, 400, {}, true)
  }
  if (data && operation === 'create') data.fields = LEAD_EXPORT_FIELDS
  return args
}

// The plugin always registers `exports` and `imports`: both are closed to all but approved staff (imports
// to admins), and exports read leads with the requester's own access, never more than the list shows.
const csvExport = {
  format: 'csv',
  disableJobsQueue: true,
  hooks: {
    before: async (args: Parameters<typeof exportTheBusinessWay>[0]) =>
      neutraliseCsvRows(await exportTheBusinessWay(args)),
  },
} as const

const leadsExport = importExportPlugin({
  collections: [{ slug: 'leads', import: false, export: csvExport }],
  overrideExportCollection: ({ collection }) => ({
    ...collection,
    admin: { ...collection.admin, group: 'Files' },
    endpoints: leadsForStaffOnly(collection.endpoints),
    hooks: {
      ...collection.hooks,
      beforeOperation: [leadColumnsOnly, ...(collection.hooks?.beforeOperation ?? []), savedInTheProductsCsv],
    },
    access: { create: approvedStaff, read: approvedStaff, update: nobody, delete: approvedStaff },
    upload: {
      ...(typeof collection.upload === 'object' ? collection.upload : {}),
      staticDir: path.join(UPLOADS_DIR, 'exports'),
    },
  }),
  overrideImportCollection: ({ collection }) => ({
    ...collection,
    admin: { ...collection.admin, hidden: true },
    endpoints: (collection.endpoints || []).map((endpoint) => ({
      ...endpoint,
      handler: () => refuse(403, 'You are not allowed to perform this action.'),
    })),
    access: { create: admins, read: admins, update: nobody, delete: admins },
    upload: {
      ...(typeof collection.upload === 'object' ? collection.upload : {}),
      staticDir: path.join(UPLOADS_DIR, 'imports'),
    },
  }),
})

// The pages' titles, descriptions and share images, in an SEO tab of their editors: the home
// page's global and, for the other pages, Page SEO. Empty fields fall back to the page's own.
const seo = seoPlugin({
  collections: ['page-seo'],
  globals: ['home-page'],
  uploadsCollection: 'gallery-images',
  tabbedUI: true,
})

export const plugins: Plugin[] = [storagePlugin(), leadsExport, redirects, seo]
