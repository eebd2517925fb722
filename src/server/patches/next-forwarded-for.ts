import diagnosticsChannel from 'node:diagnostics_channel'
import type { IncomingMessage } from 'node:http'
import type { Socket } from 'node:net'

// Workaround: Next 16 gives route handlers no socket address, and sets X-Forwarded-For to
// it only when the client sent none, so the header alone is whatever the client wants.
// Node hands every request with its socket to the 'http.server.request.start' channel
// before Next sees it: there the peer's address is appended, as a proxy would.
// Upstream: next/src/server/base-server.ts (16.4.x), no issue filed.
// Installed from src/instrumentation.ts (and the int tests' server); remove when Next
// appends the peer itself: tests/int/patches.int.spec.ts says when.
const APPENDER = Symbol.for('curbside.forwardedForAppender')
type Appender = { uninstall: () => void }

function socketAddress(socket: Socket): string | undefined {
  const address = socket.remoteAddress
  // An IPv4 client on a dual-stack listener shows up as ::ffff:a.b.c.d.
  return address?.startsWith('::ffff:') && address.includes('.') ? address.slice('::ffff:'.length) : address
}

function appendSocketAddress(message: unknown): void {
  const { request, socket } = message as { request: IncomingMessage; socket: Socket }
  const peer = socketAddress(socket)
  if (!peer) return
  const sent = request.headers['x-forwarded-for']
  const chain = Array.isArray(sent) ? sent.join(', ') : sent
  request.headers['x-forwarded-for'] = chain ? `${chain}, ${peer}` : peer
  // The same for code that reads the raw header list rather than `headers`.
  request.rawHeaders.push('X-Forwarded-For', peer)
}

// Installs the appender once per process (the module may be bundled more than once) and
// returns how to remove it again.
export function appendSocketAddressToForwardedFor(): () => void {
  const registry = globalThis as { [APPENDER]?: Appender }
  const existing = registry[APPENDER]
  if (existing) return existing.uninstall
  diagnosticsChannel.subscribe('http.server.request.start', appendSocketAddress)
  const uninstall = () => {
    diagnosticsChannel.unsubscribe('http.server.request.start', appendSocketAddress)
    delete registry[APPENDER]
  }
  registry[APPENDER] = { uninstall }
  return uninstall
}
