import type { PostgresAdapter, PostgresAdapterArgs } from '@payloadcms/db-postgres'
import { sql } from '@payloadcms/db-postgres'
import { index, integer, text, timestamp, uniqueIndex } from '@payloadcms/db-postgres/drizzle/pg-core'
import type { Payload } from 'payload'

import { dbOf } from '@/server/db'

// The inbox's read state: when each staff account last opened each customer's conversation
// (the customer's number in E.164, across that number's leads). One row per account and number;
// the account's rows go with it.
export const CONVERSATION_READS_TABLE = 'conversation_reads'

type SchemaHook = NonNullable<PostgresAdapterArgs['afterSchemaInit']>[number]

export const declareConversationReads: SchemaHook = ({ adapter, schema, extendTable }) => {
  const users = schema.tables.users
  schema.tables[CONVERSATION_READS_TABLE] = (adapter as unknown as PostgresAdapter).pgSchema.table(
    CONVERSATION_READS_TABLE,
    {
      userId: integer('user_id')
        .notNull()
        .references(() => users.id, { onDelete: 'cascade' }),
      phone: text('phone').notNull(),
      readAt: timestamp('read_at', { withTimezone: true, precision: 3, mode: 'string' }).notNull(),
    },
    (t) => [uniqueIndex('conversation_reads_user_phone_idx').on(t.userId, t.phone)],
  )
  // The unread count reads each number's received texts of a lead by number and time, from
  // this index alone.
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

/** Records that the account opened the number's conversation now; later is kept (two taps). */
export async function markConversationRead(payload: Payload, user: number, phone: string): Promise<void> {
  const db = await dbOf(payload)
  await db.execute(sql`
    INSERT INTO conversation_reads (user_id, phone, read_at) VALUES (${user}, ${phone}, now())
    ON CONFLICT (user_id, phone) DO UPDATE
      SET read_at = greatest(conversation_reads.read_at, excluded.read_at)`)
}
