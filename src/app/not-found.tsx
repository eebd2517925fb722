/* eslint-disable @next/next/no-html-link-for-pages -- a plain link on purpose (see below). */
// The boundary at the very top of the app, above both root layouts (Next wraps it in a
// bare html and body of its own). Nothing renders it in practice: the public site's
// catch-all route and its own not-found page answer every unknown path, and the admin has
// Payload's. Without this file Next puts its built-in 404 page (inline styles and texts)
// into every page's server payload: about 0.5 KiB of the home page's gzip.
export default function RootNotFound() {
  return (
    <p>
      Page not found. <a href="/">Return to Home</a>
    </p>
  )
}
