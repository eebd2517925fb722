import { serverUrl } from '@/lib/server-url'

// A small client for the test server: what a browser on the site (or an API consumer)
// sends, and nothing Payload-internal.
//
// Authentication: POST /api/users/login, then send the `payload-token` cookie back.
// payload.config.ts sets `csrf: [serverURL]`, and Payload 3.90 accepts the cookie only
// when the request's Origin is in that list (or, without Origin, when Sec-Fetch-Site
// says same-origin/same-site/none). A client with no Origin at all (curl, server code)
// therefore gets its cookie ignored. We behave like the site's own pages: every
// request carries `Origin: <serverURL>` (http://localhost:3000 in tests). The
// `Authorization: JWT <token>` header is not subject to CSRF and is used by the
// auth tests to show it works too.

export const SITE_ORIGIN = serverUrl()

// Each request comes from a client network of its own (a /64 of the IPv6 documentation
// prefix: limits key IPv6 clients by their /64), so
// per-client limits on public writes never couple one test case to another; a test of
// such a limit sets X-Forwarded-For itself.
let clientSeq = 0
const nextClientAddress = () => `2001:db8:${(++clientSeq).toString(16)}::1`

// Loosely typed JSON answers: the tests assert their shape.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Json = any

export type Session = { token: string; cookie: string } | null

export type HttpResult<T = Json> = {
  status: number
  headers: Headers
  body: T
  text: string
  /** The body as sent, a byte order mark included (text, as fetch's text(), drops it). */
  bytes: Buffer
}

export type RequestOptions = {
  session?: Session
  json?: unknown
  form?: FormData
  // A body sent as it is (with its own Content-Type header), e.g. a URL-encoded form.
  body?: string
  headers?: Record<string, string>
  // 'cookie' (default) sends the session as the browser does; 'jwt' as an
  // Authorization header.
  authWith?: 'cookie' | 'jwt'
  // The Origin header: the site's own by default, another one, or none at all (null).
  origin?: string | null
}

export class HttpClient {
  constructor(readonly baseURL: string) {}

  async request<T = Json>(
    method: string,
    path: string,
    options: RequestOptions = {},
  ): Promise<HttpResult<T>> {
    const origin = options.origin === undefined ? SITE_ORIGIN : options.origin
    const headers: Record<string, string> = {
      'X-Forwarded-For': nextClientAddress(),
      ...(origin ? { Origin: origin } : {}),
      ...options.headers,
    }
    if (options.session) {
      if (options.authWith === 'jwt') headers.Authorization = `JWT ${options.session.token}`
      else headers.Cookie = options.session.cookie
    }
    let body: BodyInit | undefined
    if (options.json !== undefined) {
      headers['Content-Type'] = 'application/json'
      body = JSON.stringify(options.json)
    } else if (options.form) {
      body = options.form
    } else if (options.body !== undefined) {
      body = options.body
    }
    const res = await fetch(`${this.baseURL}${path}`, { method, headers, body, redirect: 'manual' })
    const bytes = Buffer.from(await res.arrayBuffer())
    const text = new TextDecoder().decode(bytes)
    let parsed: unknown = text
    if ((res.headers.get('content-type') ?? '').includes('json') && text) parsed = JSON.parse(text)
    return { status: res.status, headers: res.headers, body: parsed as T, text, bytes }
  }

  // For file routes: the raw bytes.
  async bytes(path: string, session?: Session): Promise<{ status: number; headers: Headers; bytes: Buffer }> {
    const headers: Record<string, string> = { 'X-Forwarded-For': nextClientAddress(), Origin: SITE_ORIGIN }
    if (session) headers.Cookie = session.cookie
    const res = await fetch(`${this.baseURL}${path}`, { headers, redirect: 'manual' })
    return { status: res.status, headers: res.headers, bytes: Buffer.from(await res.arrayBuffer()) }
  }

  get<T = Json>(path: string, options?: RequestOptions) {
    return this.request<T>('GET', path, options)
  }
  post<T = Json>(path: string, options?: RequestOptions) {
    return this.request<T>('POST', path, options)
  }
  patch<T = Json>(path: string, options?: RequestOptions) {
    return this.request<T>('PATCH', path, options)
  }
  delete<T = Json>(path: string, options?: RequestOptions) {
    return this.request<T>('DELETE', path, options)
  }

  // Logs in like the site's login form; throws unless Payload answers 200 with a cookie.
  async login(email: string, password: string): Promise<NonNullable<Session>> {
    const res = await this.post('/api/users/login', { json: { email, password } })
    if (res.status !== 200) throw new Error(`login of ${email} failed: ${res.status} ${res.text}`)
    const setCookie = res.headers.getSetCookie().find((c) => c.startsWith('payload-token='))
    if (!setCookie) throw new Error(`login of ${email} set no payload-token cookie`)
    return { token: res.body.token as string, cookie: setCookie.split(';')[0] }
  }

  async graphql<T = Json>(
    query: string,
    variables?: Record<string, unknown>,
    session?: Session,
  ): Promise<HttpResult<{ data?: T; errors?: GraphQLError[] }>> {
    return this.post('/api/graphql', { session, json: { query, variables } })
  }
}

export type GraphQLError = {
  message: string
  path?: string[]
  extensions?: { name?: string; statusCode?: number; data?: Json }
}
