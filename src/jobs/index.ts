import type { JobsConfig } from 'payload'

// Queued tasks, run in-process by the server (see src/instrumentation.ts).
export const jobs: JobsConfig = {
  tasks: [],
}
