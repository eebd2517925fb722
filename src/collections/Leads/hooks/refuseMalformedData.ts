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

// A 400 up front: Payload would otherwise fail on it at the insert with a 500.
export const refuseMalformedData: CollectionBeforeOperationHook = ({ args, operation }) => {
  if (operation === 'create' || operation === 'update' || operation === 'updateByID') {
    assertRequestShape('leads', args.data, TEXT_FIELDS)
  }
  return args
}
