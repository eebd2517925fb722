/* Payload's generated GraphQL route, plus GET: graphql-http answers queries sent as
   GET (?query=...) and refuses mutations over GET, which introspection tools and
   cacheable reads need. */
import config from '@payload-config'
import { GRAPHQL_POST, REST_OPTIONS } from '@payloadcms/next/routes'

export const POST = GRAPHQL_POST(config)

export const GET = GRAPHQL_POST(config)

export const OPTIONS = REST_OPTIONS(config)
