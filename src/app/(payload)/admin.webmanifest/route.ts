import { getSiteSettings } from '@/data/site-settings'

// "Add to Home Screen" on the owner's phone: the back office opens full screen on the leads.
export async function GET() {
  const { businessName } = await getSiteSettings()
  const manifest = {
    name: `${businessName} back office`,
    short_name: 'Back office',
    id: '/admin',
    start_url: '/admin?tab=leads',
    scope: '/admin',
    display: 'standalone',
    background_color: '#0f0f10',
    theme_color: '#0f0f10',
    icons: [
      { src: '/icons/back-office-192.png', sizes: '192x192', type: 'image/png', purpose: 'any maskable' },
      { src: '/icons/back-office-512.png', sizes: '512x512', type: 'image/png', purpose: 'any maskable' },
    ],
  }
  return Response.json(manifest, {
    headers: { 'Content-Type': 'application/manifest+json', 'Cache-Control': 'public, max-age=3600' },
  })
}
