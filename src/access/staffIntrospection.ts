import { GraphQLError, type ExecutionArgs, type ValidationRule } from 'graphql'

import { isApprovedStaff } from './isApprovedStaff'

// The GraphQL schema describes every collection and field: code generators of approved staff
// may read it, nobody else. (Payload's own switch refuses it to everyone in production.)
export function staffOnlyIntrospection(args: ExecutionArgs): ValidationRule[] {
  const req = (args.contextValue as { req?: { user?: unknown } } | undefined)?.req
  if (isApprovedStaff(req?.user)) return []
  return [
    (context) => ({
      Field(node) {
        if (node.name.value === '__schema' || node.name.value === '__type')
          context.reportError(
            new GraphQLError('GraphQL introspection is for approved staff only.', { nodes: [node] }),
          )
      },
    }),
  ]
}
