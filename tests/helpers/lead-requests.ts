import { stringify } from 'qs-esm'
import type { Where } from 'payload'

import { LEADS_PAGE_SIZE, leadsWhere } from '../../src/lib/lead-query'

// REST requests for leads as the back office's list makes them, for tests and the bench.
export function whereParams(where: Where): URLSearchParams {
  return new URLSearchParams(stringify({ where }, { encode: false }))
}

export function leadsListPath(page: number, status: string, search: string): string {
  const params = whereParams(leadsWhere(status, search))
  params.set('sort', '-createdAt')
  params.set('depth', '1')
  params.set('limit', String(LEADS_PAGE_SIZE))
  params.set('page', String(page))
  return `/api/leads?${params.toString()}`
}
