import { describe, expect, it } from 'vitest'

import { backupName, backupTakenAt, backupsToKeep, nextBackupAt } from '@/lib/backup-retention'

const at = (iso: string) => ({ name: backupName(new Date(iso)), takenAt: new Date(iso) })

describe('backup retention', () => {
  it('names a backup by its UTC time and reads the time back', () => {
    const name = backupName(new Date('2026-11-25T02:15:07.123Z'))
    expect(name).toBe('backup-20261125T021507Z')
    expect(backupTakenAt(name)?.toISOString()).toBe('2026-11-25T02:15:07.000Z')
    expect(backupTakenAt('backup-latest')).toBeNull()
  })

  it('keeps 7 daily and 4 weekly: the newest of each day and of each ISO week', () => {
    // Nightly for 60 days, plus a second one on the last day.
    const nightly = Array.from({ length: 60 }, (_, i) =>
      at(new Date(Date.UTC(2026, 10, 25, 2) - i * 86_400_000).toISOString()),
    )
    const extra = at('2026-11-25T14:00:00Z')
    const keep = backupsToKeep([...nightly, extra])
    const kept = [...keep].sort()
    // Days: 25 (the 14:00 one), 24 … 19; weeks: the newest of W48 (25th), W47 (22nd), W46 (15th), W45 (8th).
    expect(kept).toEqual(
      [
        '2026-11-08T02:00:00Z',
        '2026-11-15T02:00:00Z',
        '2026-11-19T02:00:00Z',
        '2026-11-20T02:00:00Z',
        '2026-11-21T02:00:00Z',
        '2026-11-22T02:00:00Z',
        '2026-11-23T02:00:00Z',
        '2026-11-24T02:00:00Z',
        '2026-11-25T14:00:00Z',
      ]
        .map((iso) => backupName(new Date(iso)))
        .sort(),
    )
    expect(keep.has(backupName(new Date('2026-11-25T02:00:00Z')))).toBe(false)
  })
})

describe('the nightly time', () => {
  it('is the next BACKUP_AT after now, tomorrow once it has passed', () => {
    expect(nextBackupAt(new Date('2026-11-25T07:59:00Z')).toISOString()).toBe('2026-11-25T08:00:00.000Z')
    expect(nextBackupAt(new Date('2026-11-25T08:00:00Z')).toISOString()).toBe('2026-11-26T08:00:00.000Z')
    expect(nextBackupAt(new Date('2026-12-31T23:30:00Z'), '02:15').toISOString()).toBe(
      '2027-01-01T02:15:00.000Z',
    )
  })
})
