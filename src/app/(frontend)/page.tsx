import { getSiteSettings } from '@/lib/site-settings'

export const revalidate = 60

export default async function HomePage() {
  const settings = await getSiteSettings()
  return (
    <main className="mx-auto flex min-h-screen max-w-3xl flex-col items-start justify-center gap-6 px-6">
      <h1 className="text-4xl font-bold">{settings.businessName}</h1>
      <p className="text-lg">Mobile wheel and rim repair in central Austin.</p>
      <a className="rounded-md bg-gold px-5 py-3 font-semibold text-ink" href={`tel:${settings.phone.replace(/[^+\d]/g, '')}`}>
        Call {settings.phone}
      </a>
    </main>
  )
}
