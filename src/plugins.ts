import path from 'node:path'

import { importExportPlugin } from '@payloadcms/plugin-import-export'
import type { CollectionConfig, Endpoint, Plugin } from 'payload'

import { admins } from '@/access/admins'
import { approvedStaff } from '@/access/approvedStaff'
import { isApprovedStaff } from '@/access/isApprovedStaff'
import { nobody } from '@/access/nobody'
import { neutraliseCsvRows } from '@/lib/csv-safe'
import { exportDatesInBusinessZone } from '@/server/lead-export'
import { UPLOADS_DIR } from '@/server/paths'
import { storagePlugin } from '@/server/s3'

// The plugin's own endpoints check nothing before they stream: a signed-in account
// that may not read leads gets a stream that fails half-way (an unhandled rejection,
// a hanging response). Refuse such requests up front, as the collections do.
function staffOnly(endpoints: CollectionConfig['endpoints']): CollectionConfig['endpoints'] {
  if (!Array.isArray(endpoints)) return endpoints
  return endpoints.map((endpoint): Endpoint => ({
    ...endpoint,
    handler: (req) =>
      isApprovedStaff(req.user)
        ? endpoint.handler(req)
        : Response.json(
            { errors: [{ message: 'You are not allowed to perform this action.' }] },
            { status: 403 },
          ),
  }))
}

// CSV export of leads for the owner's spreadsheets (the back office's Export CSV
// button and the generated list view's menu). The plugin always registers its
// `exports` and `imports` collections: both are closed to anyone but approved staff
// (imports to admins, since nothing is importable), and exports read leads with the
// requesting user's own access, so an export never shows more than the list does.
// Every exported collection's dates are in the business's time zone and its cells are
// neutralised against spreadsheet formulas.
const csvExport = {
  format: 'csv',
  disableJobsQueue: true,
  hooks: {
    before: async (args: Parameters<typeof exportDatesInBusinessZone>[0]) =>
      neutraliseCsvRows(await exportDatesInBusinessZone(args)),
  },
} as const

const leadsExport = importExportPlugin({
  collections: [{ slug: 'leads', import: false, export: csvExport }],
  overrideExportCollection: ({ collection }) => ({
    ...collection,
    admin: { ...collection.admin, group: 'Files' },
    endpoints: staffOnly(collection.endpoints),
    access: { create: approvedStaff, read: approvedStaff, update: nobody, delete: approvedStaff },
    upload: {
      ...(typeof collection.upload === 'object' ? collection.upload : {}),
      staticDir: path.join(UPLOADS_DIR, 'exports'),
    },
  }),
  overrideImportCollection: ({ collection }) => ({
    ...collection,
    admin: { ...collection.admin, hidden: true },
    endpoints: staffOnly(collection.endpoints),
    access: { create: admins, read: admins, update: nobody, delete: admins },
    upload: {
      ...(typeof collection.upload === 'object' ? collection.upload : {}),
      staticDir: path.join(UPLOADS_DIR, 'imports'),
    },
  }),
})

export const plugins: Plugin[] = [storagePlugin(), leadsExport]
