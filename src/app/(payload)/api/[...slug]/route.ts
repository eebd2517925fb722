/* Payload's generated REST route. Bodies that are sent go through guardRequestBody
   first (src/lib/api-body-guard.ts): Payload answers a body it cannot parse with a 500.
   The quote endpoint reads and caps its own body. */
import config from '@payload-config'
import '@payloadcms/next/css'
import { REST_DELETE, REST_GET, REST_OPTIONS, REST_PATCH, REST_POST, REST_PUT } from '@payloadcms/next/routes'

import { guardRequestBody } from '@/lib/api-body-guard'
import { QUOTE_ENDPOINT } from '@/lib/quote-constants'

const guard = { skip: (pathname: string) => pathname === QUOTE_ENDPOINT }

export const GET = REST_GET(config)
export const POST = guardRequestBody(REST_POST(config), guard)
export const DELETE = REST_DELETE(config)
export const PATCH = guardRequestBody(REST_PATCH(config), guard)
export const PUT = guardRequestBody(REST_PUT(config), guard)
export const OPTIONS = REST_OPTIONS(config)
