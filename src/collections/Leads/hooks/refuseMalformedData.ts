import type { CollectionBeforeOperationHook } from 'payload'

import { assertRequestShape } from '@/lib/request-shape'

const TEXT_FIELDS = [
  'firstName',
  'lastName',
  'phone',
  'email',
  'description',
  'serviceType',
  'status',
  'idempotencyKey',
] as const

// A lead sent as something else than an object of text values (REST, GraphQL) is a 400
// before any other work: Payload would otherwise fail on it at the insert with a 500.
export const refuseMalformedData: CollectionBeforeOperationHook = ({ args, operation }) => {
  if (operation === 'create' || operation === 'update' || operation === 'updateByID') {
    assertRequestShape('leads', args.data, TEXT_FIELDS)
  }
  return args
}
