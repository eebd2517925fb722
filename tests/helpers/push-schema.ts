// Builds the integration run's template database (tests/helpers/int-global-setup.ts): Payload
// started once with the schema push on DATABASE_URL, then stopped, so every test file's copy
// of it starts with the schema and skips the push. Run as
// `node --import tsx tests/helpers/push-schema.ts` with PAYLOAD_DB_PUSH=true.
import config from '@payload-config'
import { getPayload } from 'payload'

const payload = await getPayload({ config })
await payload.destroy()
process.exit(0)
