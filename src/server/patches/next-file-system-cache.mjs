// @ts-check
// Workaround: Next 16 exports no way for a custom cache handler to fall back to its own
// file-system cache (used by `next build` and by a server without REDIS_URL), so the
// class is taken from Next's internals.
// Upstream: next/src/server/lib/incremental-cache/file-system-cache.ts (16.4.x).
// Change when Next moves it; tests/int/patches.int.spec.ts fails as soon as it does.
import { createRequire } from 'node:module'

const require = createRequire(import.meta.url)

/** @type {new (ctx: any) => any} */
export const FileSystemCache = require('next/dist/server/lib/incremental-cache/file-system-cache.js').default
