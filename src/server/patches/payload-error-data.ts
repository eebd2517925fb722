import type { AfterErrorHook } from 'payload'

// Workaround: Payload 3.90's REST error formatter keeps an error's `data` (each field's
// message) only when `instanceof APIError` holds, and the production bundle has more than
// one copy of Payload's error classes: the answer lost every field's message. Errors
// Payload made public keep their data here, recognised by their fields.
// Upstream: fixed on Payload's main (4.0 canary) by https://github.com/payloadcms/payload/pull/16139,
// which also accepts errors marked isOperational; not in 3.90.x.
// Remove when formatErrors stops relying on instanceof; tests/int/patches.int.spec.ts says when.
export const keepPublicErrorData: AfterErrorHook = ({ error, result }) => {
  const { data, isPublic } = error as Error & { data?: Record<string, unknown>; isPublic?: boolean }
  if (!isPublic || !data || typeof data !== 'object' || !result) return
  const [first, ...rest] = result.errors ?? []
  if (!first || 'data' in first) return
  return { response: { ...result, errors: [{ ...first, name: error.name, data }, ...rest] } }
}
