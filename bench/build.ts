import { spawn } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import { round, target } from './lib/stats'
import type { Target } from './lib/stats'

// A cold production build: `next build` into a new, empty build folder (so no compiler
// cache from an earlier build), against the run's migrated and seeded database like
// `npm run build`, timed from start to exit. The folder is removed afterwards. Build time
// depends on the machine's load more than anything here: read it with the load average.
const RUNS = Number(process.env.BENCH_BUILD_RUNS || 1)

function build(distDir: string, tsconfig: string): Promise<number> {
  const started = performance.now()
  return new Promise((resolve, reject) => {
    const child = spawn(path.resolve('node_modules/.bin/next'), ['build'], {
      env: { ...process.env, NEXT_DIST_DIR: distDir, NEXT_TSCONFIG_PATH: tsconfig, NODE_ENV: 'production' },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    const output: string[] = []
    const keep = (chunk: Buffer) => {
      output.push(chunk.toString())
      if (output.length > 200) output.shift()
    }
    child.stdout.on('data', keep)
    child.stderr.on('data', keep)
    child.on('error', reject)
    child.on('exit', (code) => {
      if (code === 0) resolve(performance.now() - started)
      else reject(new Error(`next build exited with ${code}:\n${output.join('')}`))
    })
  })
}

export async function buildBench() {
  const seconds: number[] = []
  const loadBefore: number[][] = []
  for (let i = 0; i < RUNS; i++) {
    // Inside the project (Next resolves the build folder and its tsconfig from there).
    const dir = fs.mkdtempSync(path.resolve('.data/runs/bench-build-'))
    try {
      const tsconfig = path.join(dir, 'tsconfig.json')
      fs.writeFileSync(
        tsconfig,
        JSON.stringify({ extends: path.relative(dir, path.resolve('tsconfig.json')) }),
      )
      loadBefore.push(os.loadavg().map((l) => round(l, 2)))
      const ms = await build(
        path.relative(process.cwd(), path.join(dir, 'next')),
        path.relative(process.cwd(), tsconfig),
      )
      seconds.push(round(ms / 1000, 1))
      console.log(
        `  cold next build: ${seconds.at(-1)} s (load average before: ${loadBefore.at(-1)!.join(', ')})`,
      )
    } finally {
      fs.rmSync(dir, { recursive: true, force: true })
    }
  }
  const best = Math.min(...seconds)
  const targets: Target[] = [target('cold next build (s, fastest run)', best, 60, '<=', ' s')]
  return { runs: RUNS, seconds, loadBefore, targets }
}
