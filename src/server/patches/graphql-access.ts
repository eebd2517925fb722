// Workaround: Payload 3.90 drops `canAccessAdmin` from the permissions when it is false
// (payload/src/utilities/sanitizePermissions.ts), while GraphQL's Access type declares it
// non-null, so `{ Access { canAccessAdmin } }` answers an error to anyone outside the admin.
// Remove when GET /api/access answers `canAccessAdmin: false` itself;
// tests/int/patches.int.spec.ts fails as soon as it does.
import type { GraphQLExtension } from 'payload'

type Resolver = (...args: unknown[]) => Promise<Record<string, unknown>>

export const accessQueryAnswersFalse: GraphQLExtension = (_graphQL, { Query }) => {
  const access = (Query.fields as Record<string, { resolve: Resolver }>).Access
  return {
    Access: {
      ...access,
      resolve: async (...args: unknown[]) => ({ canAccessAdmin: false, ...(await access.resolve(...args)) }),
    },
  }
}
