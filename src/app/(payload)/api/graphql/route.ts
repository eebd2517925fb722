/* Payload's generated GraphQL route, plus GET: graphql-http answers queries sent as
   GET (?query=...) and refuses mutations over GET, which introspection tools and
   cacheable reads need. POST bodies go through guardRequestBody first
   (src/server/api-body-guard.ts): Payload answers a body it cannot parse with a 500. */
import config from '@payload-config'
import { GRAPHQL_POST, REST_OPTIONS } from '@payloadcms/next/routes'

import { guardRequestBody } from '@/server/api-body-guard'
import { privateAnswers } from '@/server/private-answers'

export const POST = privateAnswers(guardRequestBody(GRAPHQL_POST(config)))

export const GET = privateAnswers(GRAPHQL_POST(config))

export const OPTIONS = REST_OPTIONS(config)
