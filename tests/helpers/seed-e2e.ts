// Seeds the end-to-end database (migrated, production mode) with the demo content and
// the development admin, as `npm run dev` does on its first start. Run by
// tsx from `npm run test:e2e`.
import config from '@payload-config'
import { getPayload } from 'payload'

import { seed } from '@/seed'

const payload = await getPayload({ config })
const { created } = await seed(payload)
console.log(`[e2e] seeded: ${created.join(', ') || 'nothing new'}`)
await payload.destroy()
process.exit(0)
