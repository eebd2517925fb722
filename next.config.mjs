import { fileURLToPath } from 'node:url'

import { withPayload } from '@payloadcms/next/withPayload'

import { withoutCriticalClientHints } from './src/server/patches/payload-client-hints.mjs'
import { CLIENT_BUNDLE } from './src/server/patches/payload-stale-form-state.mjs'

// Sent with every response (pages, API, files). HSTS only in production, where the site
// is served over HTTPS.
// Content-Security-Policy: everything from the site itself, nothing framed, no plugins.
// script-src needs 'unsafe-inline': Next puts each page's React Server Components payload
// in inline scripts and the banner hides a dismissed promotion with a small inline script
// before first paint; nonces would make every page render per request (no static pages,
// no cache) and hashes cannot cover a payload that changes with the content. Styles are
// inline too (Next's and Payload's admin). 'unsafe-eval' only for `next dev`.
const isDevelopment = process.env.NODE_ENV === 'development'
const contentSecurityPolicy = [
  "default-src 'self'",
  `script-src 'self' 'unsafe-inline'${isDevelopment ? " 'unsafe-eval'" : ''}`,
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "worker-src 'self' blob:",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ')

// The quote and pay pages' forms are answered with a redirect to Stripe Checkout's page, which
// form-action governs too; the tests' fake of Stripe (STRIPE_API_URL at build) serves its own.
const checkoutOrigins = [
  'https://checkout.stripe.com',
  ...(process.env.STRIPE_API_URL ? [new URL(process.env.STRIPE_API_URL).origin] : []),
]
const paymentPagesPolicy = contentSecurityPolicy.replace(
  "form-action 'self'",
  `form-action 'self' ${checkoutOrigins.join(' ')}`,
)

const securityHeaders = [
  { key: 'X-Content-Type-Options', value: 'nosniff' },
  { key: 'Content-Security-Policy', value: contentSecurityPolicy },
  { key: 'X-Frame-Options', value: 'DENY' },
  { key: 'Referrer-Policy', value: 'strict-origin-when-cross-origin' },
  { key: 'Permissions-Policy', value: 'camera=(), microphone=(), geolocation=(), payment=(), usb=()' },
  ...(process.env.NODE_ENV === 'production'
    ? [{ key: 'Strict-Transport-Security', value: 'max-age=63072000; includeSubDomains' }]
    : []),
]

/** @type {import('next').NextConfig} */
const nextConfig = {
  async headers() {
    // Rules that never match one path twice: it would be sent both headers, and the stricter
    // frame-ancestors (or form-action) would win.
    return [
      { source: '/:path((?!preview(?:/|$)|quote/|pay/).*)', headers: securityHeaders },
      {
        source: '/:page(quote|pay)/:path*',
        headers: securityHeaders.map((header) =>
          header.key === 'Content-Security-Policy' ? { ...header, value: paymentPagesPolicy } : header,
        ),
      },
      // The editor's live preview frames these pages from the admin (same origin).
      {
        source: '/preview/:path*',
        headers: [
          {
            key: 'Content-Security-Policy',
            value: contentSecurityPolicy.replace("frame-ancestors 'none'", "frame-ancestors 'self'"),
          },
          ...securityHeaders.filter(
            ({ key }) => key !== 'Content-Security-Policy' && key !== 'X-Frame-Options',
          ),
          { key: 'X-Frame-Options', value: 'SAMEORIGIN' },
        ],
      },
    ]
  },
  // End-to-end runs build into a folder of their own (set by scripts/with-services.mjs),
  // so several runs, or a run beside `next dev`, never overwrite each other's build.
  distDir: process.env.NEXT_DIST_DIR || '.next',
  // The container image runs Next's standalone server (see Dockerfile).
  output: 'standalone',
  poweredByHeader: false,
  // Pages revalidate every 30 s; past 60 s a cached page is rebuilt before it is served
  // rather than served once more while it rebuilds, so after a quiet spell the first
  // visitor never sees a promotion that ended (Next's default allows a year).
  expireTime: 60,
  // Pages and cached data in Redis, shared by every instance, when the server starts with
  // REDIS_URL; Next's own per-process cache otherwise. The handler chooses at start, since
  // the build fixes its path (one image serves both).
  cacheHandler: fileURLToPath(new URL('./src/server/cache-handler.mjs', import.meta.url)),
  reactStrictMode: true,
  // Loaded from node_modules at run time: the texting SDK is large, CommonJS and server-only.
  serverExternalPackages: ['twilio'],
  // The statements' PDF font (src/collections/Statements/statementPdf.tsx), read from disk at
  // run time, so the standalone output must carry it.
  outputFileTracingIncludes: {
    '/**': ['./node_modules/inter-ui/Inter (web)/Inter-{Regular,Bold}.woff'],
  },
  // Payload's error formatter shows an error's message only when the error has `data` or a
  // non-empty `name`, and errors take their name from their class (`this.constructor.name`).
  // Minifying the server bundle renames those classes, so every APIError without `data`,
  // ours and Payload's own, reached people as "An unknown error occurred.". Server code is
  // not sent to browsers: leaving it unminified costs disk space, not visitors' bytes.
  // turbopackFileSystemCacheForBuild: builds here start from an empty build folder (the
  // image, CI, every end-to-end run), so writing Turbopack's cache only cost time: 20-30 s
  // of a cold build on this machine kind (docs/benchmarks/public-site.md).
  experimental: { serverMinification: false, turbopackFileSystemCacheForBuild: false },
  // `next build` type-checks, so no build (the image's included) ships code that does
  // not type-check, whichever command started it; about 15 s of a cold build here.
  // Next adds its build folder's type paths to the tsconfig it is given; a run with its
  // own build folder gets a tsconfig of its own (extending this one) to write to.
  typescript: { tsconfigPath: process.env.NEXT_TSCONFIG_PATH || 'tsconfig.json' },
  images: {
    formats: ['image/avif', 'image/webp'],
    localPatterns: [{ pathname: '/api/gallery-images/file/**' }],
  },
  // Fixes to Payload's edit view, applied to its published client bundle
  // (src/server/patches/payload-stale-form-state.mjs, payload-row-during-form-state.mjs,
  // payload-global-menu.mjs).
  turbopack: {
    rules: {
      '*.js': {
        condition: { path: CLIENT_BUNDLE },
        loaders: [
          fileURLToPath(new URL('./src/server/patches/payload-stale-form-state.mjs', import.meta.url)),
          fileURLToPath(new URL('./src/server/patches/payload-row-during-form-state.mjs', import.meta.url)),
          fileURLToPath(new URL('./src/server/patches/payload-global-menu.mjs', import.meta.url)),
        ],
      },
    },
  },
  webpack: (webpackConfig) => {
    webpackConfig.resolve.extensionAlias = {
      '.cjs': ['.cts', '.cjs'],
      '.js': ['.ts', '.tsx', '.js', '.jsx'],
      '.mjs': ['.mts', '.mjs'],
    }
    return webpackConfig
  },
}

export default withoutCriticalClientHints(withPayload(nextConfig, { devBundleServerPackages: false }))
