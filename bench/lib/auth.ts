import { DEV_ADMIN } from '../../src/seed/dev-admin'

// Signs in as the development admin (seeded in benchmark runs as in end-to-end runs) and
// returns the header that authenticates later requests from any origin.
export async function adminAuthorization(url: string): Promise<string> {
  const res = await fetch(`${url}/api/users/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(DEV_ADMIN),
  })
  if (!res.ok) throw new Error(`login answered ${res.status}: ${await res.text()}`)
  const { token } = (await res.json()) as { token: string }
  return `JWT ${token}`
}
