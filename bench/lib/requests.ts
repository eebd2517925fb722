import { median, percentile, round } from './stats'

/**
 * `path` asked for `repeat` times in a row as `authorization`, after three unmeasured
 * requests that warm the caches: median, 90th and 99th percentiles of the whole answer's time,
 * and the last answer's body.
 */
export async function timeRequests(url: string, path: string, authorization: string, repeat: number) {
  const times: number[] = []
  let body = ''
  for (let i = 0; i < repeat + 3; i++) {
    const started = performance.now()
    const res = await fetch(`${url}${path}`, { headers: { Authorization: authorization } })
    body = await res.text()
    if (!res.ok) throw new Error(`${path} answered ${res.status}`)
    if (i >= 3) times.push(performance.now() - started)
  }
  return {
    p50: round(median(times)),
    p90: round(percentile(times, 90)),
    p99: round(percentile(times, 99)),
    body,
  }
}
