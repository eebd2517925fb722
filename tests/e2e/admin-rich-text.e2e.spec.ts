import fs from 'node:fs'

import type { Page } from '@playwright/test'

import { expect, test } from '../helpers/e2e-test'
import { SERVER_LOG_FILE } from '../helpers/e2e-server-log'
import { DEV_ADMIN } from '../../src/seed/dev-admin'

// The rich-text editor (Lexical) is loaded only where rich text is edited: the job
// postings and the site's pages have their own admin routes with the full import map,
// the three tabs and the rest of the admin the lean one (src/app/(payload)/admin).

// Strings only the editor's script and styles hold.
const EDITOR_MARK = /LexicalEditorTheme__|\.rich-text-lexical/

// Every script and stylesheet the page loads from now on that holds the editor.
function editorFiles(page: Page) {
  const found: string[] = []
  const reading: Promise<void>[] = []
  page.on('response', (response) => {
    if (!['script', 'stylesheet'].includes(response.request().resourceType())) return
    reading.push(
      response.text().then(
        (body) => void (EDITOR_MARK.test(body) && found.push(new URL(response.url()).pathname)),
        () => undefined,
      ),
    )
  })
  return async () => {
    await Promise.all(reading)
    return found
  }
}

const logSize = () => (fs.existsSync(SERVER_LOG_FILE) ? fs.statSync(SERVER_LOG_FILE).size : 0)
const logSince = (offset: number) =>
  fs.existsSync(SERVER_LOG_FILE) ? fs.readFileSync(SERVER_LOG_FILE, 'utf8').slice(offset) : ''

// Signs the page in (its cookie) and returns the header for the test's own API calls: a
// script-less request's cookie counts for nothing (the CSRF list).
async function signIn(page: Page) {
  const response = await page.request.post('/api/users/login', { data: DEV_ADMIN })
  expect(response.ok()).toBe(true)
  const { token } = (await response.json()) as { token: string }
  return { Authorization: `JWT ${token}` }
}

test('the tabs load no rich-text editor; a job posting written in it after them saves', async ({ page }) => {
  test.setTimeout(120_000)
  const headers = await signIn(page)
  const logFrom = logSize()
  const loaded = editorFiles(page)
  for (const tab of ['gallery', 'promotions', 'leads']) {
    await page.goto(`/admin?tab=${tab}`)
    await page.waitForLoadState('networkidle')
  }
  await page.goto('/admin/collections/leads')
  await page.waitForLoadState('networkidle')
  expect(await loaded()).toEqual([])

  await page.goto('/admin/collections/job-postings')
  await page.getByRole('link', { name: 'Create new Job posting' }).first().click()
  await expect(page).toHaveURL(/\/admin\/collections\/job-postings\/create$/)
  const title = `Wheel technician ${Date.now()}`
  await page.getByLabel('Title').fill(title)
  const editor = page.locator('.rich-text-lexical [contenteditable="true"]')
  await editor.click()
  await page.keyboard.press('ControlOrMeta+End')
  await page.keyboard.press('Enter')
  await page.keyboard.type('Saturdays off in summer.')
  await page.getByRole('button', { name: 'Save' }).click()
  await expect(page).toHaveURL(/\/admin\/collections\/job-postings\/\d+$/)
  expect((await loaded()).length).toBeGreaterThan(0)

  const id = page.url().split('/').pop()
  const saved = await page.request.get(`/api/job-postings/${id}?depth=0`, { headers })
  expect(saved.status()).toBe(200)
  const posting = (await saved.json()) as { title: string; description: unknown }
  expect(posting.title).toBe(title)
  expect(JSON.stringify(posting.description)).toContain('Saturdays off in summer.')
  // The server rendered every field it was asked for (the editor's need the full map).
  expect(logSince(logFrom)).not.toMatch(/not found in importMap/)

  await page.goto(`/admin/collections/job-postings/${id}/versions`)
  await expect(page.getByText(title).first()).toBeVisible()
  expect((await page.request.delete(`/api/job-postings/${id}`, { headers })).status()).toBe(200)
})

test("the site's pages open with their two editors and their versions", async ({ page }) => {
  await signIn(page)
  const logFrom = logSize()
  await page.goto('/admin/globals/site-pages')
  await expect(page.locator('.rich-text-lexical [contenteditable="true"]')).toHaveCount(2)
  await expect(page.locator('label', { hasText: 'Privacy policy' })).toBeVisible()
  await page.goto('/admin/globals/site-pages/versions')
  await expect(page.getByRole('heading', { name: /Policies/ }).first()).toBeVisible()
  expect(logSince(logFrom)).not.toMatch(/not found in importMap/)
})
