import { sql } from '@payloadcms/db-postgres'
import type { Payload } from 'payload'

import { dbOf } from '@/server/db'

// The inbox's read state: when each staff account last opened each customer's conversation
// (the customer's number in E.164, across that number's leads). One row per account and number;
// the account's rows go with it.

/** Records that the account opened the number's conversation now; later is kept (two taps). */
export async function markConversationRead(payload: Payload, user: number, phone: string): Promise<void> {
  const db = await dbOf(payload)
  await db.execute(sql`
    INSERT INTO conversation_reads (user_id, phone, read_at) VALUES (${user}, ${phone}, now())
    ON CONFLICT (user_id, phone) DO UPDATE
      SET read_at = greatest(conversation_reads.read_at, excluded.read_at)`)
}
