import { test as base, expect } from '@playwright/test'

import { adminToken, auth } from './public-site'

/** Sets some of the business's settings for this test; they are put back after it. */
export type SiteSettings = (data: Record<string, unknown>) => Promise<void>

export const test = base.extend<{ cspViolations: string[]; siteSettings: SiteSettings }>({
  // Every end-to-end test runs under the site's Content-Security-Policy and fails when a
  // page reports a violation: a policy that blocks part of a page, or a page that needs
  // more than the policy allows, is a bug either way.
  cspViolations: [
    async ({ page }, use) => {
      const violations: string[] = []
      page.on('console', (message) => {
        const text = message.text()
        if (/Content Security Policy/i.test(text)) violations.push(`${page.url()}: ${text}`)
      })
      await use(violations)
      expect(violations, 'Content-Security-Policy violations').toEqual([])
    },
    { auto: true },
  ],
  // What a test changes of the settings is put back by the fixture, with a request context of
  // its own: a test that timed out has lost its `request`, and the next file would otherwise
  // meet its deposit or its owner's phone.
  siteSettings: async ({ playwright, baseURL }, provide) => {
    const api = await playwright.request.newContext({ baseURL })
    const headers = auth(await adminToken(api))
    const saved: Record<string, unknown> = {}
    await provide(async (data) => {
      const current = await api.get('/api/globals/site-settings?depth=0', { headers })
      const now = (await current.json()) as Record<string, unknown>
      for (const key of Object.keys(data)) if (!(key in saved)) saved[key] = now[key] ?? null
      const set = await api.post('/api/globals/site-settings', { headers, data })
      expect(set.status(), await set.text()).toBe(200)
    })
    try {
      if (Object.keys(saved).length) {
        const back = await api.post('/api/globals/site-settings', { headers, data: saved })
        expect(back.status(), await back.text()).toBe(200)
      }
    } finally {
      await api.dispose()
    }
  },
})

export { expect }
