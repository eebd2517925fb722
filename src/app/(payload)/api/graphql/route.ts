// GET too, for introspection tools and cacheable reads (graphql-http refuses mutations over
// GET). guardRequestBody because Payload answers a body it cannot parse with a 500.
import config from '@payload-config'
import { GRAPHQL_POST, REST_OPTIONS } from '@payloadcms/next/routes'

import { guardRequestBody } from '@/server/patches/payload-request-bodies'
import { privateAnswers } from '@/server/patches/payload-cache-control'

export const POST = privateAnswers(guardRequestBody(GRAPHQL_POST(config)))

export const GET = privateAnswers(GRAPHQL_POST(config))

export const OPTIONS = REST_OPTIONS(config)
