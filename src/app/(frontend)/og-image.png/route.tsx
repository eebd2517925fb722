import { ImageResponse } from 'next/og'

import { OG_IMAGE, SITE_TAGLINE } from '@/lib/seo'
import { getSiteSettings } from '@/data/site-settings'

// Rendered at build and again when the site settings' cache tag changes, not per request.
export const dynamic = 'force-static'

// next/og's bundled font is Latin only; other characters would fetch a font from the network.
function latin(text: string): string {
  return text.replace(/[^\u0020-\u007e\u00a0-\u00ff]/g, '').trim()
}

export async function GET() {
  const settings = await getSiteSettings()
  return new ImageResponse(
    <div
      style={{
        width: '100%',
        height: '100%',
        display: 'flex',
        flexDirection: 'column',
        justifyContent: 'center',
        padding: '0 96px',
        background: 'linear-gradient(135deg, #1c1c1f, #0f0f10)',
        color: '#ffffff',
        borderBottom: '16px solid #c9a34a',
      }}
    >
      <svg width="120" height="120" viewBox="0 0 64 64">
        <rect width="64" height="64" rx="14" fill="#0f0f10" />
        <circle cx="32" cy="32" r="22" fill="none" stroke="#c9a34a" strokeWidth="5" />
        <circle cx="32" cy="32" r="15" fill="none" stroke="#e3c77d" strokeWidth="1.5" />
        <g stroke="#c9a34a" strokeWidth="4" strokeLinecap="round">
          <path d="M32 32V18" />
          <path d="M32 32l13.3 4.3" />
          <path d="M32 32l8.2 11.3" />
          <path d="M32 32l-8.2 11.3" />
          <path d="M32 32l-13.3 4.3" />
        </g>
        <circle cx="32" cy="32" r="5" fill="#e3c77d" />
      </svg>
      <div style={{ display: 'flex', marginTop: 40, fontSize: 84, lineHeight: 1.1 }}>
        {latin(settings.businessName)}
      </div>
      <div style={{ display: 'flex', marginTop: 20, fontSize: 48, color: '#e3c77d' }}>{SITE_TAGLINE}</div>
      <div style={{ display: 'flex', marginTop: 36, fontSize: 34, color: 'rgba(255,255,255,0.8)' }}>
        {latin(`${settings.serviceArea} | ${settings.phone}`)}
      </div>
    </div>,
    { width: OG_IMAGE.width, height: OG_IMAGE.height },
  )
}
