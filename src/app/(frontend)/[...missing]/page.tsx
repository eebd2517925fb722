import { notFound } from 'next/navigation'

// Any path no other route serves: logged with the requested path, then the 404 page
// (not-found.tsx) with HTTP status 404.
export default async function MissingPage({ params }: { params: Promise<{ missing: string[] }> }) {
  const { missing } = await params
  console.warn(`[404] page not found: /${missing.join('/')}`)
  notFound()
}
