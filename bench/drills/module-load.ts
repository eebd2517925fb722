import { spawn } from 'node:child_process'

import { lexicalCondition } from '../../src/server/patches/lexical-node-conditions.mjs'
import { median } from '../lib/stats'
import type { DrillResult } from './lib'

// What every command that loads the Payload config outside Next does first: import
// Payload, then the rich-text editor (Lexical). Each run is a fresh `node`, with no timer
// of its own, so a stalled load ends with status 13 (an unsettled top-level await); one
// still running after 60 s counts as stalled too. Runs alternate between Node's default
// export conditions and the one the launcher adds (src/server/patches/lexical-node-conditions.mjs).
const RUNS_EACH = 20
const SCRIPT = `await import('payload'); await import('@payloadcms/richtext-lexical'); console.log('loaded')`

function load(nodeOptions: string): Promise<{ stalled: boolean; ms: number }> {
  const started = Date.now()
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--input-type=module', '-e', SCRIPT], {
      env: { ...process.env, NODE_OPTIONS: nodeOptions },
      stdio: ['ignore', 'pipe', 'ignore'],
    })
    let out = ''
    child.stdout.on('data', (chunk: Buffer) => (out += chunk))
    const timer = setTimeout(() => child.kill('SIGKILL'), 60_000)
    child.on('exit', (code) => {
      clearTimeout(timer)
      resolve({ stalled: code !== 0 || !out.includes('loaded'), ms: Date.now() - started })
    })
  })
}

export async function moduleLoadDrill(): Promise<DrillResult> {
  // The condition the launcher gave this run (production for `npm run drill`).
  const condition =
    process.env.NODE_OPTIONS?.split(/\s+/).find((option) => option.startsWith('--conditions=')) ??
    lexicalCondition(process.env.NODE_ENV)
  const tally = { default: { stalled: 0, ms: [] as number[] }, named: { stalled: 0, ms: [] as number[] } }
  for (let run = 0; run < RUNS_EACH; run++) {
    for (const [key, options] of [
      ['default', ''],
      ['named', condition],
    ] as const) {
      const { stalled, ms } = await load(options)
      if (stalled) tally[key].stalled++
      else tally[key].ms.push(ms)
    }
  }
  const failures =
    tally.named.stalled > 0 ? [`${tally.named.stalled} of ${RUNS_EACH} loads stalled with ${condition}`] : []
  return {
    failures,
    figures: {
      'stalled, default conditions': `${tally.default.stalled} of ${RUNS_EACH}`,
      [`stalled, ${condition}`]: `${tally.named.stalled} of ${RUNS_EACH}`,
      'median load when it finished, default / named (ms)': `${median(tally.default.ms)} / ${median(tally.named.ms)}`,
    },
  }
}
