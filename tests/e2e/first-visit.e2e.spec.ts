import type { Page, Request } from '@playwright/test'

import { expect, test } from '../helpers/e2e-test'
import { DEV_ADMIN } from '../../src/seed/dev-admin'

// A browser's first visit (each test has a fresh context: no client hints remembered) is
// requested once. With Critical-CH in the response, Chromium would discard it and ask for
// the page again with the hint (src/server/patches/payload-client-hints.mjs).

/** Navigates and returns the requests the browser sent for the document, and its restart count. */
async function visit(page: Page, path: string) {
  const documents: Record<string, string>[] = []
  const onRequest = (request: Request) => {
    if (request.isNavigationRequest() && request.frame() === page.mainFrame())
      documents.push(request.headers())
  }
  page.on('request', onRequest)
  await page.goto(path)
  page.off('request', onRequest)
  const restarts = await page.evaluate(
    () =>
      (performance.getEntriesByType('navigation')[0] as PerformanceEntry & { criticalCHRestart?: number })
        .criticalCHRestart,
  )
  return { documents, restarts }
}

test('a first visit to the home page is requested once', async ({ page }) => {
  const first = await visit(page, '/')
  expect(first.restarts).toBe(0)
  expect(first.documents).toHaveLength(1)
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
})

test("the owner's first back-office load is requested once, and the next ones carry the theme hint", async ({
  page,
}) => {
  // Signed in through the API: the browser itself has not visited the site yet.
  expect((await page.request.post('/api/users/login', { data: DEV_ADMIN })).ok()).toBe(true)
  const first = await visit(page, '/admin?tab=leads')
  expect(first.restarts).toBe(0)
  expect(first.documents).toHaveLength(1)
  await expect(page.getByRole('link', { name: /Lead Management/ })).toBeVisible()

  // The admin's theme still reads the hint, asked for (Accept-CH) on every response.
  const next = await visit(page, '/admin?tab=promotions')
  expect(next.documents).toHaveLength(1)
  expect(next.documents[0]['sec-ch-prefers-color-scheme']).toMatch(/^"?(light|dark)"?$/)
})
