import { withPayload } from '@payloadcms/next/withPayload'

/** @type {import('next').NextConfig} */
const nextConfig = {
  // End-to-end runs build into a folder of their own (set by scripts/with-services.mjs),
  // so several runs, or a run beside `next dev`, never overwrite each other's build.
  distDir: process.env.NEXT_DIST_DIR || '.next',
  // The container image runs Next's standalone server (see Dockerfile).
  output: 'standalone',
  poweredByHeader: false,
  reactStrictMode: true,
  // `npm run typecheck` checks the whole project (tests included) before any build;
  // checking again inside `next build` only costs time.
  // Next adds its build folder's type paths to the tsconfig it is given; a run with its
  // own build folder gets a tsconfig of its own (extending this one) to write to.
  typescript: { ignoreBuildErrors: true, tsconfigPath: process.env.NEXT_TSCONFIG_PATH || 'tsconfig.json' },
  images: {
    localPatterns: [{ pathname: '/api/gallery-images/file/**' }],
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

export default withPayload(nextConfig, { devBundleServerPackages: false })
