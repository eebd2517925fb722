import { test as base, expect } from '@playwright/test'

// Every end-to-end test runs under the site's Content-Security-Policy and fails when a
// page reports a violation: a policy that blocks part of a page, or a page that needs
// more than the policy allows, is a bug either way.
export const test = base.extend<{ cspViolations: string[] }>({
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
})

export { expect }
