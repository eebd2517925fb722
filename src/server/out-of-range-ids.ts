import type { AfterErrorHook } from 'payload'

// An id past PostgreSQL's integer range (/api/work-orders/99999999999, or in a where query)
// makes PostgreSQL refuse the query itself (22003), which Payload answers with a 500. No
// record has such an id: by id it is not found; in a query, the query is refused.
const outOfRange = (err: unknown): boolean => {
  for (let e = err as { code?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (e.code === '22003') return true
  }
  return false
}

const BY_ID = /^\/api\/[^/]+\/\d+(\/|$)/

export const answerOutOfRangeIds: AfterErrorHook = ({ error, req }) => {
  if (!outOfRange(error)) return
  const path = req.url ? new URL(req.url, 'http://localhost').pathname : ''
  return BY_ID.test(path)
    ? { status: 404, response: { errors: [{ message: 'Not Found' }] } }
    : { status: 400, response: { errors: [{ message: 'A number in this request is out of range.' }] } }
}
