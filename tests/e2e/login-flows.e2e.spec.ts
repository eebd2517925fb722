import type { Page } from '@playwright/test'

import { capturedMails } from '../helpers/captured-mail'
import { expect, test } from '../helpers/e2e-test'

import { DEV_ADMIN } from '../../src/seed/dev-admin'

async function signIn(page: Page, email: string, password: string) {
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password').fill(password)
  await page.getByRole('button', { name: 'Sign In' }).click()
}

// The newest captured verification e-mail for an address.
function verificationPath(email: string): string | null {
  for (const mail of capturedMails(email)) {
    const match = mail.match(/\/verify\/([A-Za-z0-9%_-]+)/)
    if (match) return `/verify/${match[1]}`
  }
  return null
}

test('the login page toggles between login and sign-up; Google is hidden when not configured', async ({
  page,
}) => {
  await page.goto('/login')
  await expect(page.getByRole('heading', { name: 'Admin Login' })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Continue with Google' })).toHaveCount(0)
  await page.getByRole('button', { name: 'Sign up' }).click()
  await expect(page.getByRole('heading', { name: 'Create Admin Account' })).toBeVisible()
  await page.getByRole('button', { name: 'Sign in' }).click()
  await expect(page.getByRole('heading', { name: 'Admin Login' })).toBeVisible()
  await page.getByRole('link', { name: 'Back to Home' }).click()
  await expect(page).toHaveURL(/\/$/)
})

test('a wrong password shows the server message in an Error notice', async ({ page }) => {
  await page.goto('/login')
  await signIn(page, DEV_ADMIN.email, 'not-the-password')
  await expect(page.getByText('Error', { exact: true })).toBeVisible()
  await expect(page.getByText('The email or password provided is incorrect.')).toBeVisible()
  await expect(page).toHaveURL(/\/login/)
})

test('signed-out visitors of /admin go to /login and come back to the page they asked for', async ({
  page,
}) => {
  await page.goto('/admin')
  await expect(page).toHaveURL(/\/login$/)
  await page.goto('/admin/collections/leads')
  await expect(page).toHaveURL(/\/login\?redirect=%2Fadmin%2Fcollections%2Fleads$/)
  await signIn(page, DEV_ADMIN.email, DEV_ADMIN.password)
  await expect(page.getByText('Logged in successfully')).toBeVisible()
  await expect(page).toHaveURL(/\/admin\/collections\/leads/)
  // Already signed in: /login sends straight on to the back office.
  await page.goto('/login')
  await expect(page).toHaveURL(/\/admin$/)
})

test('a redirect to another site is ignored', async ({ page }) => {
  await page.goto('/admin/login?redirect=https://evil.example/admin')
  await expect(page).toHaveURL(/\/login$/)
  await page.goto('/login?redirect=//evil.example/admin')
  await signIn(page, DEV_ADMIN.email, DEV_ADMIN.password)
  await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/admin$/)
})

test('sign-up, e-mail confirmation and the awaiting-approval screen', async ({ page }) => {
  const email = `new-staff-${Date.now()}@curbside.test`
  const password = 'a-long-enough-password'
  await page.goto('/login')
  await page.getByRole('button', { name: 'Sign up' }).click()
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password').fill(password)
  await page.getByRole('button', { name: 'Create Account' }).click()
  await expect(
    page.getByText('Account created successfully. Please check your email to confirm.'),
  ).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Admin Login' })).toBeVisible()

  // Not confirmed yet: the server's message.
  await signIn(page, email, password)
  await expect(page.getByText('Please verify your email before logging in.')).toBeVisible()

  await expect.poll(() => verificationPath(email)).not.toBeNull()
  await page.goto(verificationPath(email)!)
  await expect(page.getByText('Your e-mail is confirmed.', { exact: false })).toBeVisible()
  await page.getByRole('link', { name: 'Continue to the back office' }).click()
  await expect(page).toHaveURL(/\/login/)

  await signIn(page, email, password)
  await expect(page.getByRole('heading', { name: 'Your account is awaiting approval' })).toBeVisible()
  await expect(page.getByText(email)).toBeVisible()
  // And no data through the API either.
  expect((await page.request.get('/api/leads')).status()).toBe(403)

  await page.getByRole('link', { name: 'Logout' }).click()
  await expect(page).toHaveURL(/\/login/)
})

test('sign-up refuses a short or common password with the reason in an Error notice', async ({ page }) => {
  await page.goto('/login')
  await page.getByRole('button', { name: 'Sign up' }).click()
  await page.getByLabel('Email').fill(`weak-${Date.now()}@curbside.test`)
  for (const [password, reason] of [
    ['abc', 'Use at least 10 characters.'],
    ['password123', 'This password is too common. Choose another.'],
  ]) {
    await page.getByLabel('Password').fill(password)
    await page.getByRole('button', { name: 'Create Account' }).click()
    await expect(page.getByText(reason)).toBeVisible()
  }
  await expect(page.getByText('Error', { exact: true }).first()).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Create Admin Account' })).toBeVisible()
})

test('too many failed sign-ins for one address read the rate-limit message', async ({ page }) => {
  // A client of its own (the e2e server trusts one proxy hop), so the suite's other logins
  // from 127.0.0.1 keep their allowance.
  await page.setExtraHTTPHeaders({ 'x-forwarded-for': '198.51.100.90' })
  const email = `guessed-${Date.now()}@curbside.test`
  await page.goto('/login')
  for (let i = 0; i < 10; i++) {
    const answer = page.waitForResponse('**/api/users/login')
    await signIn(page, email, `wrong-password-${i}`)
    expect((await answer).status()).toBe(401)
  }
  await signIn(page, email, 'wrong-password-last')
  await expect(page.getByText('Too many sign-in attempts. Please try again in a few minutes.')).toBeVisible()
})

test('a Google failure comes back as an Error notice', async ({ page }) => {
  await page.goto('/login?error=The%20user%20denied%20access.')
  await expect(page.getByText('Error', { exact: true })).toBeVisible()
  await expect(page.getByText('The user denied access.')).toBeVisible()
})
