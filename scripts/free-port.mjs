import net from 'node:net'

// A TCP port on 127.0.0.1 that nothing listens on right now, for a server a script or a
// test starts (PostgreSQL, Redis, a second app instance).
/** @returns {Promise<number>} */
export function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer()
    srv.unref()
    srv.on('error', reject)
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address()
      srv.close(() => resolve(typeof address === 'object' && address ? address.port : 0))
    })
  })
}
