import { spawn } from 'node:child_process'
import net from 'node:net'

import { freePort } from '../../scripts/free-port.mjs'

// A real redis-server (Debian's package, on the PATH) on a free local port, without
// persistence, for the shared cache's tests and drills. `stop` ends it; a stopped server
// stands for Redis going down.
export type RedisServer = { url: string; port: number; stop: () => Promise<void> }

function answersPing(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1')
    socket.setTimeout(500)
    socket.once('connect', () => socket.write('PING\r\n'))
    socket.once('data', (chunk) => {
      socket.destroy()
      resolve(chunk.toString().startsWith('+PONG'))
    })
    socket.once('error', () => resolve(false))
    socket.once('timeout', () => {
      socket.destroy()
      resolve(false)
    })
  })
}

export async function startRedisServer(port?: number): Promise<RedisServer> {
  const chosen = port ?? (await freePort())
  const child = spawn(
    'redis-server',
    [
      '--port',
      String(chosen),
      '--bind',
      '127.0.0.1',
      '--save',
      '',
      '--appendonly',
      'no',
      '--loglevel',
      'warning',
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  )
  let output = ''
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()))
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()))
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  const spawnFailed = new Promise<Error>((resolve) => child.once('error', resolve))

  const deadline = Date.now() + 10_000
  for (;;) {
    const failure = await Promise.race([spawnFailed, Promise.resolve(null)])
    if (failure)
      throw new Error(`redis-server could not start (${failure.message}); install Debian's redis-server`)
    if (child.exitCode !== null) throw new Error(`redis-server exited (${child.exitCode}): ${output}`)
    if (await answersPing(chosen)) break
    if (Date.now() > deadline) {
      child.kill('SIGKILL')
      throw new Error(`redis-server did not answer within 10 s: ${output}`)
    }
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  return {
    url: `redis://127.0.0.1:${chosen}`,
    port: chosen,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM')
      await exited
    },
  }
}
