import 'server-only'

import config from '@payload-config'
import { headers } from 'next/headers'
import { redirect } from 'next/navigation'
import { getPayload, type TypedUser } from 'payload'
import { cache } from 'react'

import { isApprovedStaff } from '@/access/isApprovedStaff'

/** The account signed in on this request (its session cookie), or null. */
export const readSessionUser = cache(async (): Promise<TypedUser | null> => {
  const payload = await getPayload({ config })
  const { user } = await payload.auth({ headers: await headers() })
  return user ?? null
})

/** The signed-in approved staff account, or a redirect to /login that comes back to `back`. */
export async function requireStaff(back: string): Promise<TypedUser> {
  const user = await readSessionUser()
  if (!user || !isApprovedStaff(user)) redirect(`/login?redirect=${encodeURIComponent(back)}`)
  return user
}

/** The home page's latest draft, read with the staff account's own access. */
export async function readHomePageDraft(user: TypedUser) {
  const payload = await getPayload({ config })
  return payload.findGlobal({ slug: 'home-page', draft: true, depth: 1, overrideAccess: false, user })
}
