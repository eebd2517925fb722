// Which dated backups to keep: the newest of each of the last `daily` days, and the newest of
// each of the last `weekly` ISO weeks (Monday first, UTC). Everything else may go.
export function backupsToKeep(
  names: { name: string; takenAt: Date }[],
  { daily = 7, weekly = 4 }: { daily?: number; weekly?: number } = {},
): Set<string> {
  const newestFirst = [...names].sort((a, b) => b.takenAt.getTime() - a.takenAt.getTime())
  const keep = new Set<string>()
  const pick = (period: (d: Date) => string, count: number) => {
    const seen = new Set<string>()
    for (const b of newestFirst) {
      const key = period(b.takenAt)
      if (seen.has(key)) continue
      seen.add(key)
      if (seen.size > count) break
      keep.add(b.name)
    }
  }
  pick((d) => d.toISOString().slice(0, 10), daily)
  pick(isoWeek, weekly)
  return keep
}

function isoWeek(date: Date): string {
  const d = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()))
  const day = d.getUTCDay() || 7
  d.setUTCDate(d.getUTCDate() + 4 - day)
  const yearStart = Date.UTC(d.getUTCFullYear(), 0, 1)
  const week = Math.ceil(((d.getTime() - yearStart) / 86_400_000 + 1) / 7)
  return `${d.getUTCFullYear()}-W${week}`
}

// backup-20261125T021500Z: sortable, and the time it was taken.
export function backupName(takenAt: Date): string {
  return `backup-${takenAt
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z')}`
}

export function backupTakenAt(name: string): Date | null {
  const m = name.match(/^backup-(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/)
  return m ? new Date(Date.UTC(+m[1], +m[2] - 1, +m[3], +m[4], +m[5], +m[6])) : null
}

// The next time of day `at` (HH:MM, UTC) strictly after `now`.
export function nextBackupAt(now: Date, at = '08:00'): Date {
  const [h, m] = at.split(':').map(Number)
  const next = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), h, m))
  if (next <= now) next.setUTCDate(next.getUTCDate() + 1)
  return next
}
