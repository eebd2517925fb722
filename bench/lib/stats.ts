import os from 'node:os'

export function percentile(values: number[], p: number): number {
  if (!values.length) return NaN
  const sorted = [...values].sort((a, b) => a - b)
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))
  return sorted[rank]
}

export const median = (values: number[]) => percentile(values, 50)

export const round = (value: number, digits = 1) => Math.round(value * 10 ** digits) / 10 ** digits

// Which machine a figure was measured on: these machines are shared and noisy, so a
// figure means little without it.
export function machine() {
  const cpus = os.cpus()
  return {
    cpu: cpus[0]?.model ?? 'unknown',
    cores: cpus.length,
    memoryGiB: round(os.totalmem() / 2 ** 30, 1),
    node: process.version,
    kernel: `${os.type()} ${os.release()}`,
    loadAverage: os.loadavg().map((l) => round(l, 2)),
  }
}

export type Target = { name: string; target: string; value: number | string; met: boolean }

export function target(
  name: string,
  value: number,
  limit: number,
  direction: '<=' | '>=',
  unit = '',
): Target {
  const met = direction === '<=' ? value <= limit : value >= limit
  return { name, target: `${direction} ${limit}${unit}`, value: round(value, 3), met }
}

export function printTargets(targets: Target[]) {
  for (const t of targets)
    console.log(`  ${t.met ? 'MET   ' : 'MISSED'} ${t.name}: ${t.value} (target ${t.target})`)
}
