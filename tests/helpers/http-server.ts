// Must come first: points DATA_DIR at this test file's own folder before the config loads.
import './env'

import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { Readable } from 'node:stream'

import config from '@payload-config'
import { GRAPHQL_POST, REST_DELETE, REST_GET, REST_PATCH, REST_POST, REST_PUT } from '@payloadcms/next/routes'

import { guardRequestBody, guardRestBody } from '@/server/patches/payload-request-bodies'
import { privateAnswers } from '@/server/patches/payload-cache-control'
import { appendSocketAddressToForwardedFor } from '@/server/patches/next-forwarded-for'

// A real HTTP server for REST and GraphQL tests without Next.js: every request is turned
// into a WHATWG Request and handed to the very handlers Next's route files export
// (src/app/(payload)/api/[...slug]/route.ts and api/graphql/route.ts), and the
// WHATWG Response they return is written back. Nothing is mocked: the requests go
// through a socket, Payload's request parsing, auth (cookies, JWT headers, CSRF),
// access control, hooks and the database.

type RouteHandler = (request: Request, args: { params: Promise<{ slug: string[] }> }) => Promise<Response>

// Wrapped as the route files wrap them.
const graphqlPost = privateAnswers(
  guardRequestBody(GRAPHQL_POST(config) as unknown as (request: Request) => Promise<Response>),
)
const graphqlGet = privateAnswers(GRAPHQL_POST(config) as unknown as (request: Request) => Promise<Response>)
const rest: Record<string, RouteHandler> = {
  GET: privateAnswers(REST_GET(config) as unknown as RouteHandler),
  POST: privateAnswers(guardRestBody(REST_POST(config) as unknown as RouteHandler, config)),
  PATCH: privateAnswers(guardRestBody(REST_PATCH(config) as unknown as RouteHandler, config)),
  PUT: privateAnswers(guardRestBody(REST_PUT(config) as unknown as RouteHandler, config)),
  DELETE: privateAnswers(REST_DELETE(config) as unknown as RouteHandler),
}

export type TestServer = { url: string; close: () => Promise<void> }

function toRequest(req: http.IncomingMessage, origin: string): Request {
  const headers = new Headers()
  for (let i = 0; i < req.rawHeaders.length; i += 2) headers.append(req.rawHeaders[i], req.rawHeaders[i + 1])
  // As Next.js does: the client's address from the socket when no proxy set one.
  if (!headers.has('x-forwarded-for') && req.socket.remoteAddress)
    headers.set('x-forwarded-for', req.socket.remoteAddress)
  const method = req.method ?? 'GET'
  const hasBody = method !== 'GET' && method !== 'HEAD'
  return new Request(new URL(req.url ?? '/', origin), {
    method,
    headers,
    body: hasBody ? (Readable.toWeb(req) as ReadableStream<Uint8Array>) : undefined,
    // Node's fetch needs this to send a streamed body.
    duplex: 'half',
  } as RequestInit)
}

async function dispatch(request: Request): Promise<Response> {
  const { pathname } = new URL(request.url)
  if (pathname === '/api/graphql') {
    if (request.method === 'POST') return graphqlPost(request)
    if (request.method === 'GET') return graphqlGet(request)
    return new Response(null, { status: 405 })
  }
  if (pathname.startsWith('/api/')) {
    const handler = rest[request.method]
    if (!handler) return new Response(null, { status: 405 })
    const slug = pathname
      .slice('/api/'.length)
      .split('/')
      .filter(Boolean)
      .map((segment) => decodeURIComponent(segment))
    return handler(request, { params: Promise.resolve({ slug }) })
  }
  return new Response('Not found', { status: 404 })
}

async function writeResponse(response: Response, res: http.ServerResponse): Promise<void> {
  const headers: Record<string, string | string[]> = {}
  response.headers.forEach((value, key) => {
    if (key !== 'set-cookie') headers[key] = value
  })
  const cookies = response.headers.getSetCookie()
  if (cookies.length) headers['set-cookie'] = cookies
  res.writeHead(response.status, response.statusText, headers)
  if (response.body) {
    for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) res.write(chunk)
  }
  res.end()
}

// As the app's server does from src/instrumentation.ts: each request's socket address is
// appended to X-Forwarded-For. The test client plays the one proxy in front of the site,
// naming each request's client in that header (tests/helpers/http-client.ts), so the
// server trusts one hop unless a test says otherwise.
export async function startTestServer(): Promise<TestServer> {
  process.env.TRUSTED_PROXY_HOPS ??= '1'
  const uninstallAppender = appendSocketAddressToForwardedFor()
  const server = http.createServer((req, res) => {
    const { port } = server.address() as AddressInfo
    void (async () => {
      try {
        await writeResponse(await dispatch(toRequest(req, `http://127.0.0.1:${port}`)), res)
      } catch (err) {
        // A handler that throws instead of answering is a bug the tests must see as a 500.
        console.error('[test server] handler threw:', err)
        if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain' })
        res.end(String(err))
      }
    })()
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve, reject) => {
        uninstallAppender()
        server.closeAllConnections()
        server.close((err) => (err ? reject(err) : resolve()))
      }),
  }
}
