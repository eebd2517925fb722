import type { Metadata } from 'next'

// The public address of the site (absolute URLs in Open Graph tags, the sitemap and
// JSON-LD).
export function siteUrl(): string {
  return (process.env.SERVER_URL || 'http://localhost:3000').replace(/\/+$/, '')
}

export const PUBLIC_PATHS = ['/', '/gallery', '/join-team', '/privacy-policy', '/terms-of-service'] as const

// Per-page title, description, canonical address and Open Graph tags.
export function pageMetadata({ title, description, path }: { title?: string; description: string; path: string }): Metadata {
  return {
    ...(title ? { title } : {}),
    description,
    alternates: { canonical: path },
    openGraph: {
      ...(title ? { title } : {}),
      description,
      url: path,
      type: 'website',
      siteName: 'Curbside Rim Co.',
      locale: 'en_US',
    },
  }
}
