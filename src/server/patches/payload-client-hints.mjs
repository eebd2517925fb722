// @ts-check
// Workaround: withPayload sends `Critical-CH: Sec-CH-Prefers-Color-Scheme` on every route, so
// Chromium throws away the first response of a browser's first visit to the site and asks
// for the page again (an internal 307): a second document round trip for every new visitor
// and for the owner's first back-office load. Only the admin's theme reads the hint, and
// Accept-CH (kept on every route) makes the browser send it from the next request on.
// Upstream: https://github.com/payloadcms/payload/issues/17906 (@payloadcms/next 3.90.1);
// tests/int/patches.int.spec.ts fails once withPayload stops sending Critical-CH.

/**
 * The Next config withPayload returned, its headers without Critical-CH.
 * @param {import('next').NextConfig} config
 * @returns {import('next').NextConfig}
 */
export function withoutCriticalClientHints(config) {
  const { headers } = config
  if (!headers) return config
  return {
    ...config,
    headers: async () =>
      (await headers()).map((rule) => ({
        ...rule,
        headers: rule.headers.filter(({ key }) => key.toLowerCase() !== 'critical-ch'),
      })),
  }
}
