import pg from 'pg'

// Straight from the e2e run's database (the launcher passes DATABASE_URL): what a test's
// requests stored, independent of any login.
export async function query<T>(text: string, values: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL })
  await client.connect()
  try {
    return (await client.query(text, values)).rows as T[]
  } finally {
    await client.end()
  }
}
