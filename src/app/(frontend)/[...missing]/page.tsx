import { notFound } from 'next/navigation'

export default async function MissingPage({ params }: { params: Promise<{ missing: string[] }> }) {
  const { missing } = await params
  console.warn(`[404] page not found: /${missing.join('/')}`)
  notFound()
}
