// Payload starts with the server, not on the first request: its onInit (development
// seed) runs at boot, and so does the jobs queue that sends quote e-mails, unless
// JOBS_AUTORUN=false leaves the queue to a worker (scripts/worker.mjs). On SIGTERM the
// queue takes no more jobs and the server exits once the ones it holds are finished.
// First, every request's socket address is appended to X-Forwarded-For
// (src/server/rate-limit.ts), photo folders of requests a killed process left behind
// are removed (src/server/quote-upload.ts), and sharp keeps no decoded images between
// calls (src/server/quote-photos.ts). Once Payload is up, the instance asks itself for
// each public page (src/server/warm-pages.ts): the server answers only after this function
// returns, so that runs on its own rather than being awaited.
export async function register() {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return
  if (process.env.NEXT_PHASE === 'phase-production-build') return
  const { appendSocketAddressToForwardedFor } = await import('@/server/rate-limit')
  appendSocketAddressToForwardedFor()
  const { removeAbandonedUploadFolders } = await import('@/server/quote-upload')
  void removeAbandonedUploadFolders().catch((err) =>
    console.error('Could not clear abandoned upload folders:', err),
  )
  const { keepNoDecodedImages } = await import('@/server/quote-photos')
  keepNoDecodedImages()
  const [{ getPayload }, { default: config }, { drainOnSignals }] = await Promise.all([
    import('payload'),
    import('@payload-config'),
    import('@/jobs/runner'),
  ])
  drainOnSignals(await getPayload({ config, cron: process.env.JOBS_AUTORUN !== 'false' }))
  const { warmPagesAtStart } = await import('@/server/warm-pages')
  void warmPagesAtStart().catch((err) => console.error('Could not warm the pages:', err))
}
