import localFont from 'next/font/local'

// Inter, self-hosted from @fontsource-variable (no network at build or run time); one
// variable Latin file, preloaded, with a metric-matched fallback so nothing shifts.
// `optional`, not `swap`: the preloaded file is nearly always there for the first paint;
// when it is late the page keeps the fallback instead of painting every text twice. With
// `swap`, the hero's text was painted again when Inter arrived, and that second paint
// (after the page's scripts had loaded) was the page's largest contentful paint.
export const inter = localFont({
  src: '../../../node_modules/@fontsource-variable/inter/files/inter-latin-wght-normal.woff2',
  weight: '100 900',
  style: 'normal',
  display: 'optional',
  variable: '--font-inter',
  adjustFontFallback: 'Arial',
})
