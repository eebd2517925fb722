// Payload boots with the server so its onInit and the jobs queue start at once (JOBS_AUTORUN=false leaves
// the queue to a worker). The warm-up is not awaited: the server answers only after this returns.
export async function register() {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return
  if (process.env.NEXT_PHASE === 'phase-production-build') return
  const { appendSocketAddressToForwardedFor } = await import('@/server/patches/next-forwarded-for')
  appendSocketAddressToForwardedFor()
  const { removeAbandonedUploadFolders } = await import('@/collections/Leads/requestUpload')
  void removeAbandonedUploadFolders().catch((err) =>
    console.error('Could not clear abandoned upload folders:', err),
  )
  const { keepNoDecodedImages } = await import('@/collections/CustomerUploads/cleanPhoto')
  keepNoDecodedImages()
  const [{ getPayload }, { default: config }, { drainOnSignals }] = await Promise.all([
    import('payload'),
    import('@payload-config'),
    import('@/server/patches/payload-job-runner'),
  ])
  const payload = await getPayload({ config, cron: process.env.JOBS_AUTORUN !== 'false' })
  drainOnSignals(payload)
  const [{ installCustomerLinkGate }, { quoteLinkCheck }, { payLinkCheck }, { visitLinkCheck }] =
    await Promise.all([
      import('@/server/customer-link-gate'),
      import('@/collections/Quotes/customerLinks'),
      import('@/collections/Invoices/customerLinks'),
      import('@/collections/Visits/customerLinks'),
    ])
  installCustomerLinkGate(quoteLinkCheck(payload), 'quote')
  installCustomerLinkGate(payLinkCheck(payload), 'pay')
  installCustomerLinkGate(visitLinkCheck(payload), 'visit')
  const { warmPagesAtStart } = await import('@/server/warm-pages')
  void warmPagesAtStart().catch((err) => console.error('Could not warm the pages:', err))
}
