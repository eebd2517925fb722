// npm run statements:issue -- 2026-11: issues a month's statements from the command line, as
// the monthly job and the admin's button do (the same issueStatements: one per dealership with
// work done, numbered in sequence, safe beside a running site). Their e-mails are queued, and
// sent by the site's or the worker's job queue. Without a month: last month. See docs/development.md.

// Only queues: this short-lived process takes no job (an e-mail half sent when it exits).
process.env.JOBS_AUTORUN = 'false'

const month = process.argv.slice(2).find((a) => !a.startsWith('--'))
if (month !== undefined && !/^\d{4}-(0[1-9]|1[0-2])$/.test(month)) {
  console.error(`[statements] Give the month as YYYY-MM, e.g. 2026-11, not "${month}".`)
  process.exit(2)
}

const [{ default: config }, { getPayload }, { issueStatements }, { businessTimeZone }, { previousPeriod }] =
  await Promise.all([
    import('@payload-config'),
    import('payload'),
    import('@/collections/Statements/issue'),
    import('@/lib/business-time'),
    import('@/lib/statements'),
  ])
const payload = await getPayload({ config })
let code = 0
try {
  const settings = await payload.findGlobal({ slug: 'site-settings', depth: 0, overrideAccess: true })
  const period = month ?? previousPeriod(new Date(), businessTimeZone(settings.timeZone))
  const { issued, alreadyIssued } = await issueStatements(payload, period)
  for (const s of issued) console.log(`[statements] issued ${s.number} (dealership ${s.dealership})`)
  console.log(
    `[statements] ${period}: ${issued.length} issued, ${alreadyIssued} already issued; e-mails queued for the job queue`,
  )
} catch (err) {
  // Some dealerships' statements may have been issued (and queued to e-mail) before the failure.
  for (const s of (err as { result?: { issued?: { number: string; dealership: number }[] } }).result
    ?.issued ?? [])
    console.log(`[statements] issued ${s.number} (dealership ${s.dealership})`)
  console.error(`[statements] ${err instanceof Error ? err.message : String(err)}`)
  code = 1
}
await payload.destroy()
process.exit(code)

export {}
