import type { Metadata } from 'next'

import type { ShareImage } from '@/lib/home-content'
import { serverUrl } from '@/lib/server-url'

export const PUBLIC_PATHS = [
  '/',
  '/gallery',
  '/join-team',
  '/privacy-policy',
  '/terms-of-service',
  '/become-a-partner',
] as const

// The 404 page as a page of its own (src/server/patches/not-found-page.ts); never listed or indexed.
export const NOT_FOUND_PAGE_PATH = '/page-not-found'

// The pages whose SEO the owner sets in Page SEO (the home page's are on its own global).
export const OWNER_SEO_PATHS = ['/gallery', '/join-team', '/privacy-policy', '/terms-of-service'] as const
export type OwnerSeoPath = (typeof OWNER_SEO_PATHS)[number]

export const SITE_TAGLINE = 'Mobile Wheel & Rim Repair in Austin'

// Named on every page: a page's own `openGraph` replaces the layout's whole object.
export const OG_IMAGE = { path: '/og-image.png', width: 1200, height: 630, type: 'image/png' } as const

export function homeTitle(businessName: string): string {
  return `${businessName} - ${SITE_TAGLINE}`
}

function ogImage(businessName: string) {
  return {
    url: OG_IMAGE.path,
    width: OG_IMAGE.width,
    height: OG_IMAGE.height,
    type: OG_IMAGE.type,
    alt: homeTitle(businessName),
  }
}

// Names come from the site settings, so renaming the business needs no deploy.
export function siteMetadata({
  businessName,
  description,
}: {
  businessName: string
  description: string
}): Metadata {
  return {
    metadataBase: new URL(serverUrl()),
    title: { default: homeTitle(businessName), template: `%s | ${businessName}` },
    description,
    applicationName: businessName,
    openGraph: { type: 'website', siteName: businessName, locale: 'en_US', images: [ogImage(businessName)] },
    twitter: { card: 'summary_large_image' },
    icons: { icon: '/logo.svg' },
  }
}

export function pageMetadata({
  businessName,
  title,
  description,
  path,
  image,
}: {
  businessName: string
  title?: string
  description: string
  path: string
  // The owner's share image for this page; the site's own otherwise.
  image?: ShareImage | null
}): Metadata {
  return {
    ...(title ? { title } : {}),
    description,
    alternates: { canonical: path },
    openGraph: {
      ...(title ? { title } : {}),
      description,
      url: path,
      type: 'website',
      siteName: businessName,
      locale: 'en_US',
      images: [
        image
          ? {
              url: image.url,
              ...(image.width && image.height ? { width: image.width, height: image.height } : {}),
              alt: image.alt || title || homeTitle(businessName),
            }
          : ogImage(businessName),
      ],
    },
  }
}
