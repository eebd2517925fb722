/* eslint-disable @next/next/no-html-link-for-pages -- a plain link on purpose (see below). */
// Never rendered in practice, but without it Next puts its built-in 404 page (inline styles
// and texts) into every page's server payload: about 0.5 KiB of the home page's gzip.
export default function RootNotFound() {
  return (
    <p>
      Page not found. <a href="/">Return to Home</a>
    </p>
  )
}
