import type { PostgresAdapter, PostgresAdapterArgs } from '@payloadcms/db-postgres'
import { sql } from '@payloadcms/db-postgres'
import {
  bigint,
  check,
  index,
  integer,
  text,
  timestamp,
  uniqueIndex,
} from '@payloadcms/db-postgres/drizzle/pg-core'

// The tables and indexes Payload's collections do not declare, all in one place: added to
// Payload's schema (afterSchemaInit) so that migrations and the development push keep them.
// Each table's use, and why it is not a collection, is told beside the code that uses it.

type SchemaHook = NonNullable<PostgresAdapterArgs['afterSchemaInit']>[number]
type Schema = Parameters<SchemaHook>[0]['schema']

/** rate-limiter-flexible's store (src/server/rate-limit.ts). */
export const RATE_LIMIT_TABLE = 'rate_limit_points'
/** Each e-mail and text sent once (src/server/email-delivery.ts). */
export const EMAIL_DELIVERIES_TABLE = 'email_deliveries'
/** Invoice and statement numbers, one row per year (src/server/year-counters.ts). */
export const YEAR_COUNTER_TABLES = ['invoice_counters', 'statement_counters'] as const
export type YearCounterTable = (typeof YEAR_COUNTER_TABLES)[number]
/** Work order numbers (src/collections/WorkOrders/numbering.ts). */
export const WORK_ORDER_COUNTER_TABLE = 'work_order_counter'
/** Stripe events booked once (src/payments/stripe/events.ts). */
export const STRIPE_EVENTS_TABLE = 'stripe_events'
/** Checkout Sessions opened for invoices and deposits (src/payments/checkoutSessions.ts). */
export const CHECKOUT_SESSIONS_TABLE = 'stripe_checkout_sessions'
/** The inbox's read state per staff account (src/collections/TextMessages/conversationReads.ts). */
export const CONVERSATION_READS_TABLE = 'conversation_reads'

const at = (name: string) => timestamp(name, { withTimezone: true, precision: 3, mode: 'string' })

const declareOwnTables: SchemaHook = ({ adapter, schema }) => {
  const table = (adapter as unknown as PostgresAdapter).pgSchema.table
  const tables = schema.tables as Schema['tables']
  // Column order matters: rate-limiter-flexible inserts `VALUES (key, points, expire)`.
  tables[RATE_LIMIT_TABLE] = table(RATE_LIMIT_TABLE, {
    key: text('key').primaryKey(),
    points: integer('points').notNull().default(0),
    expire: bigint('expire', { mode: 'number' }),
  })
  tables[EMAIL_DELIVERIES_TABLE] = table(EMAIL_DELIVERIES_TABLE, {
    key: text('key').primaryKey(),
    claimedAt: at('claimed_at'),
    handedOverAt: at('handed_over_at'),
    sentAt: at('sent_at'),
  })
  for (const name of YEAR_COUNTER_TABLES) {
    tables[name] = table(name, { year: integer('year').primaryKey(), last: integer('last').notNull() })
  }
  tables[STRIPE_EVENTS_TABLE] = table(STRIPE_EVENTS_TABLE, {
    id: text('id').primaryKey(),
    type: text('type').notNull(),
    receivedAt: at('received_at').notNull().defaultNow(),
  })
  tables[CHECKOUT_SESSIONS_TABLE] = table(
    CHECKOUT_SESSIONS_TABLE,
    {
      id: text('id').primaryKey(),
      invoiceId: integer('invoice_id'),
      quoteId: integer('quote_id'),
      // Whatever a session can be opened for: a sum never outgrows its column.
      amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
      createdAt: at('created_at').notNull().defaultNow(),
      closedAt: at('closed_at'),
    },
    (t) => [
      index('stripe_checkout_sessions_invoice_idx').on(t.invoiceId),
      index('stripe_checkout_sessions_quote_idx').on(t.quoteId),
      check('stripe_checkout_sessions_one_owner', sql`num_nonnulls(${t.invoiceId}, ${t.quoteId}) = 1`),
    ],
  )
  tables[WORK_ORDER_COUNTER_TABLE] = table(WORK_ORDER_COUNTER_TABLE, {
    id: integer('id').primaryKey(),
    last: integer('last').notNull(),
  })
  const users = schema.tables.users
  tables[CONVERSATION_READS_TABLE] = table(
    CONVERSATION_READS_TABLE,
    {
      userId: integer('user_id')
        .notNull()
        .references(() => users.id, { onDelete: 'cascade' }),
      phone: text('phone').notNull(),
      readAt: at('read_at').notNull(),
    },
    (t) => [uniqueIndex('conversation_reads_user_phone_idx').on(t.userId, t.phone)],
  )
  return schema
}

// Rules on Payload's own tables that its field options cannot say: partial unique indexes.
const extendPayloadTables: SchemaHook = ({ schema, extendTable }) => {
  // One visit per van and start among those not cancelled, and one live visit per lead: a double
  // booking is impossible whatever the application does (src/collections/Visits/bookings.ts).
  const visits = schema.tables.visits
  if (visits) {
    extendTable({
      table: visits,
      extraConfig: (t) => ({
        visits_place_idx: uniqueIndex('visits_place_idx')
          .on(t.start, t.van)
          .where(sql`cancelled_at IS NULL`),
        visits_live_lead_idx: uniqueIndex('visits_live_lead_idx')
          .on(t.lead)
          .where(sql`cancelled_at IS NULL`),
      }),
    })
  }
  // Payload queues a scheduled task when it counts none waiting or running, which two instances
  // can both find at once. The database takes one waiting or running scheduled job per task and
  // queue; the other instance's insert is refused, and Payload counts that schedule as skipped.
  const jobs = schema.tables.payload_jobs
  if (jobs) {
    extendTable({
      table: jobs,
      extraConfig: (t) => ({
        payload_jobs_one_scheduled_idx: uniqueIndex('payload_jobs_one_scheduled_idx')
          .on(t.taskSlug, t.queue)
          .where(sql`completed_at IS NULL AND NOT has_error AND (meta->>'scheduled') = 'true'`),
      }),
    })
  }
  // A statement is never paid beyond its total, whatever writes the row
  // (src/collections/Statements/recordPayment.ts takes the balance with a conditional UPDATE).
  const statements = schema.tables.statements
  if (statements) {
    extendTable({
      table: statements,
      extraConfig: (t) => ({
        statements_paid_within_total: check(
          'statements_paid_within_total',
          sql`${t.paidCents} >= 0 AND ${t.paidCents} <= ${t.totalCents}`,
        ),
      }),
    })
  }
  // The inbox's unread count reads each number's received texts of a lead by number and time,
  // from this index alone.
  const texts = schema.tables.text_messages
  if (texts) {
    extendTable({
      table: texts,
      extraConfig: (t) => ({
        text_messages_received_idx: index('text_messages_received_idx')
          .on(t.fromNumber, t.createdAt)
          .where(sql`direction = 'in' AND lead_id IS NOT NULL`),
      }),
    })
  }
  return schema
}

/** Payload's `afterSchemaInit`: the tables above, then the indexes on Payload's own tables. */
export const SCHEMA_HOOKS: SchemaHook[] = [declareOwnTables, extendPayloadTables]
