import pg from 'pg'

import { leadsListPath } from '../tests/helpers/lead-requests'

import { adminAuthorization } from './lib/auth'
import { timeRequests } from './lib/requests'
import { target } from './lib/stats'
import type { Target } from './lib/stats'

// The back office at scale: 10 000 leads, and the requests its Lead Management tab
// makes (first page newest first, a status filter, a name search) through the REST API
// as the signed-in owner, then the tab's own document (its list and weekly chart).
// Leads are inserted straight into the database: the point is reading them, and
// 10 000 API creates would take minutes.
const LEADS = Number(process.env.BENCH_LEADS || 10_000)
const REPEAT = Number(process.env.BENCH_BACKOFFICE_REPEAT || 40)
const TAB_REPEAT = 20
const STATUSES = ['new', 'contacted', 'quoted', 'completed']

export async function seedLeads(count: number) {
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL })
  await client.connect()
  try {
    await client.query(
      `INSERT INTO leads (first_name, last_name, phone, email, description, service_type, status, created_at, updated_at)
       SELECT 'First' || i, 'Last' || i, '(512) 555-' || lpad((i % 10000)::text, 4, '0'), 'lead' || i || '@example.com',
              'Curb rash on the front wheels, request number ' || i,
              (ARRAY['rim_rash','windshield_repair','headlight_refresh','rim_restoration','wheel_restoration'])[1 + i % 5]::enum_leads_service_type,
              ($1::text[])[1 + i % 4]::enum_leads_status,
              now() - (i || ' minutes')::interval, now()
       FROM generate_series(1, $2::int) AS i`,
      [STATUSES, count],
    )
    await client.query('ANALYZE leads')
  } finally {
    await client.end()
  }
}

async function timeList(url: string, path: string, authorization: string) {
  const { p50, p99, body } = await timeRequests(url, path, authorization, REPEAT)
  return { p50, p99, totalDocs: (JSON.parse(body) as { totalDocs?: number }).totalDocs ?? 0 }
}

export async function backofficeBench(url: string) {
  await seedLeads(LEADS)
  const authorization = await adminAuthorization(url)
  const results = {
    'first page': await timeList(url, leadsListPath(1, '', ''), authorization),
    'status filter (quoted)': await timeList(url, leadsListPath(1, 'quoted', ''), authorization),
    'status filter, page 100': await timeList(url, leadsListPath(100, 'contacted', ''), authorization),
    'search by name': await timeList(url, leadsListPath(1, '', 'First4242'), authorization),
  }
  for (const [name, r] of Object.entries(results)) console.log(`  ${name}: ${JSON.stringify(r)}`)
  // The tab itself, as the owner's phone asks for it: its list, weekly chart and filters.
  const { p50, p90, p99 } = await timeRequests(url, '/admin?tab=leads', authorization, TAB_REPEAT)
  const tab = { p50, p90, p99 }
  console.log(`  Lead Management tab (document): ${JSON.stringify(tab)}`)
  const targets: Target[] = [
    target('lead list first page p50 (ms)', results['first page'].p50, 150, '<=', ' ms'),
    target('lead status filter p50 (ms)', results['status filter (quoted)'].p50, 150, '<=', ' ms'),
    target('Lead Management tab document p50 (ms)', tab.p50, 300, '<=', ' ms'),
  ]
  return {
    leads: LEADS,
    repeat: REPEAT,
    results: { ...results, 'Lead Management tab (document)': tab },
    targets,
  }
}
