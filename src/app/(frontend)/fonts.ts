import localFont from 'next/font/local'

// Self-hosted (no network at build or run time), preloaded, with a metric-matched fallback.
// `optional`, not `swap`: with `swap` the hero's text was painted again when Inter arrived,
// and that second paint became the page's largest contentful paint.
export const inter = localFont({
  src: '../../../node_modules/@fontsource-variable/inter/files/inter-latin-wght-normal.woff2',
  weight: '100 900',
  style: 'normal',
  display: 'optional',
  variable: '--font-inter',
  adjustFontFallback: 'Arial',
})
