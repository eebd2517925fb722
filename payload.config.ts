import path from 'node:path'
import { fileURLToPath } from 'node:url'

import { postgresAdapter } from '@payloadcms/db-postgres'
import { lexicalEditor } from '@payloadcms/richtext-lexical'
import { buildConfig } from 'payload'
import sharp from 'sharp'

import { migrations } from './migrations'
import { CustomerUploads } from './src/collections/CustomerUploads'
import { Dealerships } from './src/collections/Dealerships'
import { Erasures } from './src/collections/Erasures'
import { publishFirstHomePageVersion } from './src/globals/HomePage/firstVersion'
import { GalleryImages } from './src/collections/GalleryImages'
import { GalleryItems } from './src/collections/GalleryItems'
import { JobPostings } from './src/collections/JobPostings'
import { Invoices } from './src/collections/Invoices'
import { Leads } from './src/collections/Leads'
import { PageSeo } from './src/collections/PageSeo'
import { Payments } from './src/collections/Payments'
import { Promotions } from './src/collections/Promotions'
import { StatementCredits } from './src/collections/StatementCredits'
import { StatementPayments } from './src/collections/StatementPayments'
import { Statements } from './src/collections/Statements'
import { LeadEvents } from './src/collections/LeadEvents'
import { Quotes } from './src/collections/Quotes'
import { Visits } from './src/collections/Visits'
import { ReviewOptOuts } from './src/collections/ReviewOptOuts'
import { TextMessages } from './src/collections/TextMessages'
import { TextOptOuts } from './src/collections/TextOptOuts'
import { Users } from './src/collections/Users'
import { WorkOrderPhotos } from './src/collections/WorkOrderPhotos'
import { WorkOrders } from './src/collections/WorkOrders'
import { announceSetupLink } from './src/collections/Users/announceSetupLink'
import { adminComponents } from './src/components/admin/admin-config'
import { showDatesInBusinessZone } from './src/components/admin/business-dates'
import { keepPublicErrorData } from './src/server/patches/payload-error-data'
import { answerOutOfRangeIds } from './src/server/out-of-range-ids'
import { refuseMalformedIds } from './src/server/whole-number-ids'
import { emailAdapter } from './src/email/adapter'
import { endpoints } from './src/endpoints'
import { HomePage } from './src/globals/HomePage'
import { SitePages } from './src/globals/SitePages'
import { SiteSettings } from './src/globals/SiteSettings'
import { jobs } from './src/jobs'
import { installJobRunner } from './src/server/patches/payload-job-runner'
import { plugins } from './src/plugins'
import { serialiseMigrations } from './src/server/patches/payload-migration-lock'
import { mergeConcurrentSessions } from './src/server/patches/payload-session-merge'
import { serverUrl } from './src/lib/server-url'
import { accessQueryAnswersFalse } from './src/server/patches/graphql-access'
import { staffOnlyIntrospection } from './src/access/staffIntrospection'
import { restrictJobStats } from './src/server/patches/payload-job-stats'
import { restrictLockedDocuments } from './src/server/patches/payload-locked-documents'
import { logClosedConnections } from './src/server/patches/pg-pool-errors'
import { seedOnInit } from './src/seed/on-init'
import { SCHEMA_HOOKS } from './src/server/db-schema'

const dirname = path.dirname(fileURLToPath(import.meta.url))
const isProduction = process.env.NODE_ENV === 'production'
const serverURL = serverUrl()

function secret(): string {
  const value = process.env.PAYLOAD_SECRET
  if (value) return value
  if (isProduction && process.env.NEXT_PHASE !== 'phase-production-build') {
    throw new Error('PAYLOAD_SECRET must be set in production.')
  }
  return 'development-only-secret-do-not-use-in-production'
}

export default buildConfig({
  serverURL,
  secret: secret(),
  admin: {
    user: Users.slug,
    importMap: { baseDir: path.resolve(dirname, 'src') },
    meta: {
      titleSuffix: ' · Curbside Rim Co. back office',
      // Installable on a phone: the manifest's scope is /admin (src/app/(payload)/admin.webmanifest).
      manifest: '/admin.webmanifest',
      appleWebApp: { capable: true, title: 'Back office', statusBarStyle: 'black' },
      icons: [
        { rel: 'icon', type: 'image/svg+xml', url: '/logo.svg' },
        { rel: 'apple-touch-icon', url: '/icons/back-office-192.png' },
      ],
    },
    components: adminComponents,
    // Initials drawn here: Payload's default Gravatar sends e-mail hashes to a third party.
    avatar: { Component: '@/components/admin/account-initials.client#AccountInitials' },
  },
  collections: [
    Leads,
    GalleryItems,
    Promotions,
    GalleryImages,
    CustomerUploads,
    Users,
    JobPostings,
    Erasures,
    Quotes,
    LeadEvents,
    Visits,
    PageSeo,
    ReviewOptOuts,
    TextMessages,
    TextOptOuts,
    Invoices,
    Payments,
    Dealerships,
    WorkOrders,
    WorkOrderPhotos,
    Statements,
    StatementCredits,
    StatementPayments,
  ],
  globals: [SiteSettings, HomePage, SitePages],
  editor: lexicalEditor(),
  db: mergeConcurrentSessions(
    serialiseMigrations(
      postgresAdapter({
        pool: { connectionString: process.env.DATABASE_URL || '' },
        // Schema push only where the launcher asks (development, tests); elsewhere migrations only.
        push: process.env.PAYLOAD_DB_PUSH === 'true',
        migrationDir: process.env.PAYLOAD_MIGRATION_DIR || path.resolve(dirname, 'migrations'),
        prodMigrations: migrations,
        afterSchemaInit: SCHEMA_HOOKS,
      }),
    ),
  ),
  email: emailAdapter(),
  plugins,
  jobs,
  endpoints,
  sharp,
  upload: {
    limits: { fileSize: 15 * 1024 * 1024 },
  },
  // Cookie-authenticated requests are accepted only from the site itself.
  csrf: [serverURL],
  cors: [serverURL],
  graphQL: {
    queries: accessQueryAnswersFalse,
    disablePlaygroundInProduction: true,
    disableIntrospectionInProduction: false,
    validationRules: staffOnlyIntrospection,
    maxComplexity: 1000,
  },
  telemetry: false,
  hooks: { afterError: [keepPublicErrorData, answerOutOfRangeIds] },
  typescript: {
    outputFile: path.resolve(dirname, 'src/payload-types.ts'),
    // Payload regenerates the types in a child process at every boot outside production; only
    // `next dev` wants that. Each test file and CLI script would otherwise start one, rewriting
    // src/payload-types.ts while the tests run (`npm run generate` writes it on purpose).
    autoGenerate: process.env.NODE_ENV === 'development',
  },
  onInit: async (payload) => {
    logClosedConnections(payload)
    installJobRunner(payload)
    await seedOnInit(payload)
    // A production database without demo content gets the spec's home page as its first version.
    if (process.env.NODE_ENV === 'production') {
      await publishFirstHomePageVersion(payload).catch((err: unknown) =>
        payload.logger.error({ err }, 'The first version of the home page could not be published'),
      )
    }
    await announceSetupLink(payload)
  },
})
  .then(restrictLockedDocuments)
  .then(restrictJobStats)
  .then(showDatesInBusinessZone)
  .then(refuseMalformedIds)
