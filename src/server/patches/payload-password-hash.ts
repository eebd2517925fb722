// Workaround: Payload 3.90 answers a login for an unknown e-mail before hashing anything
// (9-18 ms against 150-350 ms for a known one), which tells which e-mails have accounts,
// and it exports no way to check a password without signing in (needed to ask for the
// current password before a change). Both use Payload's own hash format here.
// Upstream: payload/src/auth/strategies/local/generatePasswordSaltHash.ts (3.90.x).
// Remove when Payload hashes for unknown accounts and exports a password check;
// tests/int/patches.int.spec.ts fails as soon as Payload's hash format changes.
import crypto from 'node:crypto'
import { promisify } from 'node:util'

const pbkdf2 = promisify(crypto.pbkdf2)

export const CURRENT_HASH_PREFIX = 'pbkdf2-sha256-v1:'
const CURRENT = { iterations: 600_000, keyLength: 32 }
const LEGACY = { iterations: 25_000, keyLength: 512 }

const parametersOf = (hash: string) =>
  hash.startsWith(CURRENT_HASH_PREFIX)
    ? { ...CURRENT, stored: hash.slice(CURRENT_HASH_PREFIX.length) }
    : { ...LEGACY, stored: hash }

// Whether `password` matches an account's stored hash and salt, as Payload's login checks it.
export async function passwordMatches(
  doc: { hash?: unknown; salt?: unknown },
  password: string,
): Promise<boolean> {
  if (typeof doc.hash !== 'string' || typeof doc.salt !== 'string') return false
  const { iterations, keyLength, stored } = parametersOf(doc.hash)
  const computed = await pbkdf2(password, doc.salt, iterations, keyLength, 'sha256')
  const expected = Buffer.from(stored, 'hex')
  return computed.length === expected.length && crypto.timingSafeEqual(computed, expected)
}

const DUMMY_SALT = crypto.randomBytes(32).toString('hex')

// The time Payload spends checking a password, for an account that does not exist.
export async function spendPasswordCheckTime(password: string): Promise<void> {
  await pbkdf2(password, DUMMY_SALT, CURRENT.iterations, CURRENT.keyLength, 'sha256')
}
