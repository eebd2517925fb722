import { TEST_DATA_DIR } from '../helpers/env'
import type { Payload } from 'payload'
import sharp from 'sharp'
import { afterAll, beforeAll, it } from 'vitest'
import fs from 'node:fs'

import { HttpClient } from '../helpers/http-client'
import { startTestServer, type TestServer } from '../helpers/http-server'
import { createUser, resetDatabase, testPayload } from '../helpers/payload'

let payload: Payload
let server: TestServer
let http: HttpClient
beforeAll(async () => {
  payload = await testPayload()
  await resetDatabase(payload)
  server = await startTestServer()
  http = new HttpClient(server.url)
})
afterAll(async () => {
  await server?.close()
  await payload?.destroy()
})
const show = (label: string, x: unknown) => console.log(label, JSON.stringify(x, null, 1)?.slice(0, 3000))

it('explore', async () => {
  const q = `{ __schema { types { name kind inputFields { name type { name kind ofType { name kind } } } } } }`
  const r = await http.graphql(q)
  const types = r.body.data.__schema.types.filter((t: any) => t.kind === 'INPUT_OBJECT' && /^mutation/.test(t.name))
  show('input types', types.map((t: any) => t.name + ': ' + t.inputFields.map((f: any) => f.name + ':' + (f.type.name ?? f.type.ofType?.name)).join(',')))
  const first = await http.post('/api/users', { json: { email: 'first@x.co', password: 'pw-first-1', role: 'staff', approved: false } })
  show('first user', [first.status, first.body])
  show('login first unverified', await http.post('/api/users/login', { json: { email: 'first@x.co', password: 'pw-first-1' } }).then(r => [r.status, r.body]))
  const second = await http.post('/api/users', { json: { email: 'second@x.co', password: 'pw-second-1', role: 'admin', approved: true, _verified: true } })
  show('second user', [second.status, second.body])
  show('mail dir', fs.readdirSync(TEST_DATA_DIR, { recursive: true }))
  const admin = await createUser(payload, 'admin')
  const staff = await createUser(payload, 'staff')
  for (let i = 1; i <= 6; i++) {
    const res = await http.post('/api/users/login', { json: { email: staff.email, password: i <= 5 ? 'wrong' : staff.password } })
    show('attempt ' + i, [res.status, res.body])
  }
  const s = await http.login(admin.email, admin.password)
  const png = await sharp({ create: { width: 16, height: 16, channels: 3, background: '#c00' } }).png().toBuffer()
  const fd = new FormData(); fd.append('file', new Blob([png], { type: 'image/png' }), 'photo.png'); fd.append('_payload', JSON.stringify({ alt: 'hello' }))
  const up = await http.post('/api/gallery-images', { session: s, form: fd })
  show('gallery upload', [up.status, up.body])
  const cu = await payload.create({ collection: 'customer-uploads', data: {}, file: { data: png, mimetype: 'image/png', name: 'c.png', size: png.length } })
  show('local cu', cu)
  const upd = await http.patch(`/api/customer-uploads/${cu.id}`, { session: s, json: { focalX: 10, focalY: 20 } })
  show('cu update', [upd.status, upd.body])
  show('gql cu update', await http.graphql(`mutation { updateCustomerUpload(id: ${cu.id}, data: { focalX: 30 }) { id focalX } }`, undefined, s).then(r => r.body))
  show('gql cu create', await http.graphql(`mutation { createCustomerUpload(data: { focalX: 30 }) { id focalX } }`, undefined, s).then(r => r.body))
  show('gql cu create anon', await http.graphql(`mutation { createCustomerUpload(data: { focalX: 30 }) { id focalX } }`).then(r => r.body))
  show('rest upload no file', await http.post('/api/customer-uploads', { session: s, json: {} }).then(r => [r.status, r.body]))
  show('rest upload anon', await http.post('/api/customer-uploads', { form: fd }).then(r => [r.status, r.body]))
  const p = await payload.create({ collection: 'promotions', data: { title: 'Live', discountCode: 'x', discountType: 'percentage', discountValue: 10 } as any })
  show('anon promo', await http.get(`/api/promotions/${p.id}`).then(r => [r.status, r.body]))
  show('anon promo gql', await http.graphql(`{ Promotion(id: ${p.id}) { id title description discountValue isActive createdAt createdBy { id } usageCount } }`).then(r => [r.status, r.body]))
  show('files', fs.readdirSync(TEST_DATA_DIR, { recursive: true }))
})
