'use client'

import { useEffect, useState } from 'react'

import { recentWeeks, weekCountPath } from '@/lib/lead-query'

import { apiFetch } from './admin-fetch'

const WEEKS = 12

type WeekCount = { label: string; count: number }

const weekLabel = (date: Date) => date.toLocaleDateString('en-US', { month: 'short', day: 'numeric' })

// New leads per week over the last twelve weeks, counted by Payload's REST API with the
// signed-in user's access. Drawn with plain CSS bars; the numbers are in the bars'
// labels and in a table for screen readers.
export function LeadsChart() {
  const [weeks, setWeeks] = useState<WeekCount[] | null>(null)
  const [failed, setFailed] = useState(false)

  useEffect(() => {
    let current = true
    const ranges = recentWeeks(new Date(), WEEKS)
    Promise.all(ranges.map((week) => apiFetch<{ totalDocs: number }>(weekCountPath(week))))
      .then((counts) => {
        if (current)
          setWeeks(ranges.map((week, i) => ({ label: weekLabel(week.start), count: counts[i].totalDocs })))
      })
      .catch(() => current && setFailed(true))
    return () => {
      current = false
    }
  }, [])

  if (failed) return <p className="cbo-empty">The weekly chart could not be loaded.</p>
  if (!weeks) return <div className="cbo-chart cbo-chart--loading" aria-hidden="true" />
  const max = Math.max(1, ...weeks.map((w) => w.count))
  const total = weeks.reduce((sum, w) => sum + w.count, 0)
  return (
    <figure className="cbo-chart" aria-labelledby="cbo-chart-title">
      <figcaption id="cbo-chart-title">
        Leads per week{' '}
        <span className="cbo-meta">
          ({total} in the last {WEEKS} weeks)
        </span>
      </figcaption>
      <ol className="cbo-chart__bars" aria-hidden="true">
        {weeks.map((week) => (
          <li key={week.label} title={`Week of ${week.label}: ${week.count}`}>
            <span className="cbo-chart__bar" style={{ height: `${(week.count / max) * 100}%` }} />
            <span className="cbo-chart__label">{week.label}</span>
          </li>
        ))}
      </ol>
      <table className="cbo-sr-only" data-testid="leads-per-week">
        <thead>
          <tr>
            <th scope="col">Week of</th>
            <th scope="col">Leads</th>
          </tr>
        </thead>
        <tbody>
          {weeks.map((week) => (
            <tr key={week.label}>
              <td>{week.label}</td>
              <td>{week.count}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  )
}
