import localFont from 'next/font/local'

// Inter, self-hosted from @fontsource-variable (no network at build or run time); one
// variable Latin file, preloaded, with a metric-matched fallback so nothing shifts.
export const inter = localFont({
  src: '../../../node_modules/@fontsource-variable/inter/files/inter-latin-wght-normal.woff2',
  weight: '100 900',
  style: 'normal',
  display: 'swap',
  variable: '--font-inter',
  adjustFontFallback: 'Arial',
})
