// Payload answers a body it cannot parse with a 500, hence guardRestBody.
import config from '@payload-config'
import '@payloadcms/next/css'
import { REST_DELETE, REST_GET, REST_OPTIONS, REST_PATCH, REST_POST, REST_PUT } from '@payloadcms/next/routes'

import { guardRestBody } from '@/server/patches/payload-request-bodies'
import { privateAnswers } from '@/server/patches/payload-cache-control'

export const GET = privateAnswers(REST_GET(config))
export const POST = privateAnswers(guardRestBody(REST_POST(config), config))
export const DELETE = privateAnswers(REST_DELETE(config))
export const PATCH = privateAnswers(guardRestBody(REST_PATCH(config), config))
export const PUT = privateAnswers(guardRestBody(REST_PUT(config), config))
export const OPTIONS = REST_OPTIONS(config)
