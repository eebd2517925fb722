/* Payload's generated REST route. Bodies that are sent go through guardRestBody first
   (src/server/api-body-guard.ts): Payload answers a body it cannot parse with a 500, and
   only upload collections may send file-sized bodies. The quote endpoint reads and caps
   its own body. */
import config from '@payload-config'
import '@payloadcms/next/css'
import { REST_DELETE, REST_GET, REST_OPTIONS, REST_PATCH, REST_POST, REST_PUT } from '@payloadcms/next/routes'

import { guardRestBody } from '@/server/api-body-guard'

export const GET = REST_GET(config)
export const POST = guardRestBody(REST_POST(config), config)
export const DELETE = REST_DELETE(config)
export const PATCH = guardRestBody(REST_PATCH(config), config)
export const PUT = guardRestBody(REST_PUT(config), config)
export const OPTIONS = REST_OPTIONS(config)
