import { NotFound } from 'payload'
import type { CollectionBeforeOperationHook, SanitizedConfig } from 'payload'

import { rowId } from '@/lib/row-id'

// Every collection's ids are PostgreSQL integers. Payload reads a path's id with parseFloat,
// so /api/leads/abc (NaN) or /api/leads/1.5 reached PostgreSQL, which refused the query: a
// 500. Such an id names no record, so it is answered as a missing one, before anything runs.
export const refuseMalformedId: CollectionBeforeOperationHook = ({ args, req }) => {
  const { id, duplicateFromID } = args as { id?: unknown; duplicateFromID?: unknown }
  for (const named of [id, duplicateFromID]) {
    if (named !== undefined && named !== null && rowId(named) === null) throw new NotFound(req.t)
  }
  return args
}

// Payload documents beforeOperation as the place to check an operation's arguments; it runs
// for REST, GraphQL and the Local API, by id or by version id. Text ids are left alone.
export function refuseMalformedIds(config: SanitizedConfig): SanitizedConfig {
  for (const collection of config.collections) {
    const idField = collection.flattenedFields.find((field) => field.name === 'id')
    if (!idField || idField.type === 'number') {
      collection.hooks.beforeOperation = [refuseMalformedId, ...(collection.hooks.beforeOperation ?? [])]
    }
    // Payload routes /api/<slug>/versions for every collection; for one without versions it
    // queried a versions table that does not exist (a 500). Without the route, the path is
    // an id that names no record.
    if (!collection.versions && Array.isArray(collection.endpoints)) {
      collection.endpoints = collection.endpoints.filter((e) => !e.path.startsWith('/versions'))
    }
  }
  return config
}
