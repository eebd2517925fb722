// One run of the job queue in a process of its own, so that a test can kill it (SIGKILL)
// mid-job as a worker dies: `node --import tsx tests/helpers/job-runner-process.ts` with the test's
// environment (its database and mail server).
import config from '@payload-config'
import { getPayload } from 'payload'

const payload = await getPayload({ config })
payload.logger.level = 'silent'
await payload.jobs.run({ silent: true })
process.exit(0)
