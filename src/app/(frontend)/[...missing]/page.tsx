import { notFound, permanentRedirect } from 'next/navigation'

import { redirectFor } from '@/data/redirects'

export default async function MissingPage({ params }: { params: Promise<{ missing: string[] }> }) {
  const { missing } = await params
  const path = `/${missing.join('/')}`
  const to = await redirectFor(path)
  if (to) permanentRedirect(to)
  console.warn(`[404] page not found: ${path}`)
  notFound()
}
