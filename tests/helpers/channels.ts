import { expect } from 'vitest'
import { APIError, type CollectionSlug, type GlobalSlug } from 'payload'

import type { Doc, Harness, Persona } from './harness'

// The three ways into Payload the access rules must hold for, behind one interface:
//   local   — the Local API with overrideAccess: false and the persona as `user`
//   rest    — real HTTP requests to /api/<collection> (cookie session from /api/users/login)
//   graphql — real HTTP requests to /api/graphql, data passed as GraphQL variables
// Each answer is reduced to { ok, doc | docs } or { ok: false, error }, after checking
// the channel's own error shape strictly (REST: exactly one entry in `errors` and no
// document; GraphQL: exactly one error and `data.<operation>` null; Local API: a
// Payload APIError, anything else is rethrown as a test failure).

export type Refusal = { status: number; name?: string; message: string; data?: Doc }
export type Result = { ok: true; doc?: Doc; docs?: Doc[] } | { ok: false; error: Refusal }
export type UploadFile = { data: Buffer; mimetype: string; name: string; size: number }
export type ChannelName = 'local' | 'rest' | 'graphql'

export interface Channel {
  name: ChannelName
  // Payload's GraphQL API has no file upload: creating an upload document needs REST or
  // the Local API.
  canUpload: boolean
  // How a field the caller may not read comes back: left out (REST, Local API) or null
  // (GraphQL, whose schema always has the field).
  hiddenFields: 'absent' | 'null'
  create(slug: CollectionSlug, persona: Persona, data: Doc, file?: UploadFile): Promise<Result>
  find(slug: CollectionSlug, persona: Persona, where?: Doc): Promise<Result>
  findByID(slug: CollectionSlug, persona: Persona, id: number): Promise<Result>
  update(slug: CollectionSlug, persona: Persona, id: number, data: Doc): Promise<Result>
  delete(slug: CollectionSlug, persona: Persona, id: number): Promise<Result>
  findGlobal(slug: GlobalSlug, persona: Persona): Promise<Result>
  updateGlobal(slug: GlobalSlug, persona: Persona, data: Doc): Promise<Result>
}

// ---------------------------------------------------------------------------------------
// Local API

type LooseLocal = Record<
  'create' | 'find' | 'findByID' | 'update' | 'delete' | 'findGlobal' | 'updateGlobal',
  (args: Doc) => Promise<Doc>
>

async function local(run: () => Promise<Doc>, pickResult: (r: Doc) => Result): Promise<Result> {
  try {
    return pickResult(await run())
  } catch (err) {
    if (!(err instanceof APIError)) throw err
    const e = err as APIError & { data?: Doc }
    return {
      ok: false,
      error: { status: e.status, name: e.name, message: e.message, data: e.data ?? undefined },
    }
  }
}

export function localChannel(h: Harness): Channel {
  const api = () => h.payload as unknown as LooseLocal
  const as = (persona: Persona) => ({ overrideAccess: false, user: h.userOf(persona), depth: 0 })
  const doc = (r: Doc): Result => ({ ok: true, doc: r })
  return {
    name: 'local',
    canUpload: true,
    hiddenFields: 'absent',
    create: (collection, persona, data, file) =>
      local(() => api().create({ collection, data, file, ...as(persona) }), doc),
    find: (collection, persona, where) =>
      local(
        () => api().find({ collection, where, limit: 100, sort: 'id', ...as(persona) }),
        (r) => ({ ok: true, docs: r.docs }),
      ),
    findByID: (collection, persona, id) =>
      local(() => api().findByID({ collection, id, ...as(persona) }), doc),
    update: (collection, persona, id, data) =>
      local(() => api().update({ collection, id, data, ...as(persona) }), doc),
    delete: (collection, persona, id) => local(() => api().delete({ collection, id, ...as(persona) }), doc),
    findGlobal: (slug, persona) => local(() => api().findGlobal({ slug, ...as(persona) }), doc),
    updateGlobal: (slug, persona, data) =>
      local(() => api().updateGlobal({ slug, data, ...as(persona) }), doc),
  }
}

// ---------------------------------------------------------------------------------------
// REST

function restRefusal(status: number, body: Doc): Result {
  // A refusal carries one error and nothing else: no document, no partial data.
  expect(Object.keys(body), `REST ${status} body: ${JSON.stringify(body)}`).toEqual(['errors'])
  expect(body.errors).toHaveLength(1)
  const [e] = body.errors
  // Payload names only errors that carry data (validation); the others are a bare message.
  if (e.name === undefined) expect(e).toEqual({ message: e.message })
  return { ok: false, error: { status, name: e.name, message: e.message, data: e.data } }
}

export function restChannel(h: Harness): Channel {
  const rest = async (
    method: string,
    path: string,
    persona: Persona,
    okStatus: number,
    pickDoc: (body: Doc) => Result,
    body?: { json?: Doc; form?: FormData },
  ): Promise<Result> => {
    const res = await h.http.request<Doc>(method, path, { session: h.sessionOf(persona), ...body })
    if (res.status >= 400) {
      expect(typeof res.body, `REST ${method} ${path} answered ${res.status} ${res.text}`).toBe('object')
      return restRefusal(res.status, res.body)
    }
    expect(res.status, `REST ${method} ${path}: ${res.text}`).toBe(okStatus)
    return pickDoc(res.body)
  }
  const doc = (b: Doc): Result => ({ ok: true, doc: b.doc })
  return {
    name: 'rest',
    canUpload: true,
    hiddenFields: 'absent',
    create: (slug, persona, data, file) => {
      if (!file) return rest('POST', `/api/${slug}?depth=0`, persona, 201, doc, { json: data })
      const form = new FormData()
      form.append('file', new Blob([new Uint8Array(file.data)], { type: file.mimetype }), file.name)
      form.append('_payload', JSON.stringify(data))
      return rest('POST', `/api/${slug}?depth=0`, persona, 201, doc, { form })
    },
    find: (slug, persona, where) => {
      // Payload's REST reads `where` in the bracket syntax of the qs package.
      const query = `depth=0&limit=100&sort=id${where ? `&${toQs('where', where)}` : ''}`
      return rest('GET', `/api/${slug}?${query}`, persona, 200, (b) => ({ ok: true, docs: b.docs }))
    },
    findByID: (slug, persona, id) =>
      rest('GET', `/api/${slug}/${id}?depth=0`, persona, 200, (b) => ({ ok: true, doc: b })),
    update: (slug, persona, id, data) =>
      rest('PATCH', `/api/${slug}/${id}?depth=0`, persona, 200, doc, { json: data }),
    delete: (slug, persona, id) => rest('DELETE', `/api/${slug}/${id}?depth=0`, persona, 200, doc),
    findGlobal: (slug, persona) =>
      rest('GET', `/api/globals/${slug}?depth=0`, persona, 200, (b) => ({ ok: true, doc: b })),
    updateGlobal: (slug, persona, data) =>
      rest('POST', `/api/globals/${slug}?depth=0`, persona, 200, (b) => ({ ok: true, doc: b.result }), {
        json: data,
      }),
  }
}

// { a: { equals: 1 } } → where[a][equals]=1, the bracket syntax Payload's REST reads.
export function toQs(prefix: string, value: unknown): string {
  if (value !== null && typeof value === 'object') {
    return Object.entries(value as Doc)
      .map(([k, v]) => toQs(`${prefix}[${k}]`, v))
      .join('&')
  }
  return `${encodeURIComponent(prefix)}=${encodeURIComponent(String(value))}`
}

// ---------------------------------------------------------------------------------------
// GraphQL

// Names Payload gives each collection in the schema, and every field the tests read.
export const GRAPHQL: Record<string, { one: string; many: string; fields: string }> = {
  leads: {
    one: 'Lead',
    many: 'Leads',
    fields:
      'id firstName lastName phone email description photos { id } serviceType status createdAt updatedAt',
  },
  'gallery-items': {
    one: 'GalleryItem',
    many: 'GalleryItems',
    fields: 'id title description beforeImage { id } afterImage { id } createdBy { id } createdAt updatedAt',
  },
  promotions: {
    one: 'Promotion',
    many: 'Promotions',
    fields:
      'id title description discountCode discountType discountValue minimumAmount endDate isActive bannerText bannerColor usageLimit usageCount createdBy { id } createdAt updatedAt',
  },
  'gallery-images': {
    one: 'GalleryImage',
    many: 'GalleryImages',
    fields: 'id alt prefix filename mimeType filesize width height focalX focalY url createdAt updatedAt',
  },
  'customer-uploads': {
    one: 'CustomerUpload',
    many: 'CustomerUploads',
    fields: 'id prefix filename mimeType filesize width height focalX focalY url createdAt updatedAt',
  },
  users: { one: 'User', many: 'Users', fields: 'id email role approved createdAt updatedAt' },
  'site-settings': {
    one: 'SiteSetting',
    many: '',
    fields:
      'businessName phone email serviceArea hours { weekdays { closed opens closes } saturday { closed opens closes footerOpens } sunday { closed opens closes } } reviewLink notificationRecipients updatedAt createdAt',
  },
}

// The top-level field names a selection set reads (for comparing with the database).
export function selectedFields(slug: string): string[] {
  let fields = GRAPHQL[slug].fields
  // Innermost selections first, until no nested selection is left.
  while (/\{[^{}]*\}/.test(fields)) fields = fields.replace(/\{[^{}]*\}/g, '')
  return fields.split(/\s+/).filter(Boolean)
}

// Relationships come back as { id } objects; the database helpers hold ids.
function flattenRelations(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(flattenRelations)
  if (value && typeof value === 'object') {
    const keys = Object.keys(value)
    if (keys.length === 1 && keys[0] === 'id') return (value as Doc).id
    return flattenFields(value as Doc)
  }
  return value
}

// A document's fields (the document itself stays an object, even when only its id was
// selected).
function flattenFields(doc: Doc | null): Doc | null {
  if (!doc) return doc
  return Object.fromEntries(Object.entries(doc).map(([k, v]) => [k, flattenRelations(v)]))
}

export function graphqlChannel(h: Harness): Channel {
  const gql = async (
    persona: Persona,
    op: string,
    query: string,
    variables: Doc,
    pick: (value: Doc) => Result,
  ): Promise<Result> => {
    const res = await h.http.graphql(query, variables, h.sessionOf(persona))
    const { data, errors } = res.body as { data?: Doc; errors?: Doc[] }
    if (errors?.length) {
      expect(errors, JSON.stringify(errors)).toHaveLength(1)
      const [e] = errors
      if (e.extensions?.statusCode) {
        // An error raised by Payload while resolving: the operation yields null, nothing else.
        expect(data).toEqual({ [op]: null })
        expect(e.path).toEqual([op])
      }
      return {
        ok: false,
        error: {
          status: e.extensions?.statusCode ?? res.status,
          name: e.extensions?.name,
          message: e.message,
          data: e.extensions?.data,
        },
      }
    }
    expect(res.status).toBe(200)
    return pick(data![op] as Doc)
  }
  const names = (slug: string) => GRAPHQL[slug]
  const one = (value: Doc): Result => ({ ok: true, doc: flattenFields(value)! })
  return {
    name: 'graphql',
    canUpload: false,
    hiddenFields: 'null',
    create: (slug, persona, data) => {
      const { one: n, fields } = names(slug)
      return gql(
        persona,
        `create${n}`,
        `mutation ($data: mutation${n}Input!) { create${n}(data: $data) { ${fields} } }`,
        { data },
        one,
      )
    },
    find: (slug, persona, where) => {
      const { many, one: n, fields } = names(slug)
      return gql(
        persona,
        many,
        `query ($where: ${n}_where) { ${many}(where: $where, limit: 100, sort: "id") { docs { ${fields} } } }`,
        { where },
        (value) => ({ ok: true, docs: (value.docs as Doc[]).map((d) => flattenFields(d)!) }),
      )
    },
    findByID: (slug, persona, id) => {
      const { one: n, fields } = names(slug)
      return gql(persona, n, `query ($id: Int!) { ${n}(id: $id) { ${fields} } }`, { id }, one)
    },
    update: (slug, persona, id, data) => {
      const { one: n, fields } = names(slug)
      return gql(
        persona,
        `update${n}`,
        `mutation ($id: Int!, $data: mutation${n}UpdateInput!) { update${n}(id: $id, data: $data) { ${fields} } }`,
        { id, data },
        one,
      )
    },
    delete: (slug, persona, id) => {
      const { one: n } = names(slug)
      return gql(persona, `delete${n}`, `mutation ($id: Int!) { delete${n}(id: $id) { id } }`, { id }, one)
    },
    findGlobal: (slug, persona) => {
      const { one: n, fields } = names(slug)
      return gql(persona, n, `query { ${n} { ${fields} } }`, {}, one)
    },
    updateGlobal: (slug, persona, data) => {
      const { one: n, fields } = names(slug)
      return gql(
        persona,
        `update${n}`,
        `mutation ($data: mutation${n}Input!) { update${n}(data: $data) { ${fields} } }`,
        { data },
        one,
      )
    },
  }
}

export function channelFor(name: ChannelName, h: Harness): Channel {
  if (name === 'local') return localChannel(h)
  if (name === 'rest') return restChannel(h)
  return graphqlChannel(h)
}

// The refusal, reduced to what every channel reports: status and message (and the
// error's name where the channel carries it: Local API and GraphQL always, REST only
// for validation errors).
export function expectRefused(result: Result, expected: { status: number; name?: string; message: string }) {
  expect(result.ok, `expected a refusal, got ${JSON.stringify(result)}`).toBe(false)
  if (result.ok) return
  expect({ status: result.error.status, message: result.error.message }).toEqual({
    status: expected.status,
    message: expected.message,
  })
  if (result.error.name !== undefined && expected.name !== undefined)
    expect(result.error.name).toBe(expected.name)
}

export function expectOk(result: Result): asserts result is { ok: true; doc?: Doc; docs?: Doc[] } {
  expect(result.ok, `expected success, got ${JSON.stringify(result)}`).toBe(true)
}

// A ValidationError (400) with exactly these field errors, through any channel.
export function expectInvalid(result: Result, message: string, errors: { path: string; message: string }[]) {
  expect(result.ok, `expected a validation error, got ${JSON.stringify(result)}`).toBe(false)
  if (result.ok) return
  expect({ status: result.error.status, message: result.error.message }).toEqual({ status: 400, message })
  if (result.error.name !== undefined) expect(result.error.name).toBe('ValidationError')
  const fieldErrors = (result.error.data?.errors ?? []) as { path: string; message: string }[]
  expect(fieldErrors.map(({ path, message: m }) => ({ path, message: m }))).toEqual(errors)
}

// A request the GraphQL schema itself turns away (wrong type, unknown enum value, missing
// non-null input field) before any resolver runs.
export function expectSchemaRefusal(result: Result, message: RegExp) {
  expect(result.ok, `expected a GraphQL schema error, got ${JSON.stringify(result)}`).toBe(false)
  if (result.ok) return
  expect(result.error.name).toBeUndefined()
  expect(result.error.message).toMatch(message)
}
