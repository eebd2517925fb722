import type { Page } from '@playwright/test'

import { capturedMails, leadLinkOf, newLeadMail } from '../helpers/captured-mail'
import { expect, test } from '../helpers/e2e-test'
import { adminToken, auth, staffLead } from '../helpers/public-site'

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

test("the first admin's setup link opens on creating the account", async ({ page }) => {
  await page.goto('/login?setup=printed-by-a-fresh-site')
  await expect(page.getByRole('heading', { name: 'Create Admin Account' })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Create Account' })).toBeVisible()
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

test("the new-lead e-mail's link opens that lead's details once the owner has signed in", async ({
  page,
  request,
}) => {
  const email = `mail-link-${Date.now()}@example.com`
  const leadId = String(
    await staffLead(request, auth(await adminToken(request)), {
      firstName: 'Mila',
      lastName: 'Link',
      email,
      phone: '512-555-0177',
      description: 'Scuffed rims on all four wheels.',
      serviceType: 'rim_rash',
    }),
  )
  await expect.poll(() => newLeadMail(email), { timeout: 30_000 }).toContain('Mila Link')
  const link = leadLinkOf(newLeadMail(email))
  expect(link, 'the e-mail links to the lead').not.toBeNull()
  expect(link!.pathname).toBe(`/admin/collections/leads/${leadId}`)

  // Tapped on a phone that is signed out: the sign-in screen, then that job's page.
  await page.goto(link!.pathname)
  await expect(page).toHaveURL(/\/login\?redirect=/)
  await signIn(page, DEV_ADMIN.email, DEV_ADMIN.password)
  await expect(page.getByTestId('lead-details').getByRole('heading', { name: 'Mila Link' })).toBeVisible()
  expect(new URL(page.url()).pathname).toBe(`/admin/collections/leads/${leadId}`)
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
  for (let i = 0; i < 5; i++) {
    const answer = page.waitForResponse('**/api/users/login')
    await signIn(page, email, `wrong-password-${i}`)
    expect((await answer).status()).toBe(401)
  }
  await signIn(page, email, 'wrong-password-last')
  await expect(page.getByText('Too many sign-in attempts. Please try again in a few minutes.')).toBeVisible()
})

test('a Google failure comes back as an Error notice', async ({ page }) => {
  await page.goto('/login?error=google-denied')
  await expect(page.getByText('Error', { exact: true })).toBeVisible()
  await expect(page.getByText('The user denied access.')).toBeVisible()
})

test('/login shows only its own messages, never text from its address', async ({ page }) => {
  await page.goto('/login?error=Your%20account%20is%20suspended.%20Call%20555-0100')
  await expect(page.getByRole('heading', { name: 'Admin Login' })).toBeVisible()
  await page.getByLabel('Email').fill('someone@curbside.test')
  await expect(page.getByText('Your account is suspended')).toHaveCount(0)
  await expect(page.getByText('Error', { exact: true })).toHaveCount(0)
})

// Scripts held back as on a slow phone: the form is the plain HTML one.
async function holdScripts(page: Page) {
  const held = { on: true }
  await page.route(/\/_next\/static\/.*\.js/, (route) => (held.on ? route.abort() : route.continue()))
  return held
}

test('signing in before the page script has loaded: a POST, and no password in any URL', async ({ page }) => {
  const password = DEV_ADMIN.password
  const wrong = 'not-the-password-0042'
  const seen: { method: string; url: string }[] = []
  page.on('request', (r) => seen.push({ method: r.method(), url: r.url() }))
  const held = await holdScripts(page)

  await page.goto('/login')
  await signIn(page, DEV_ADMIN.email, wrong)
  await expect(page).toHaveURL(/\/login\?error=credentials$/)
  // The answer page gets its script: the server's message in an Error notice.
  held.on = false
  await page.reload()
  await expect(page.getByText('The email or password provided is incorrect.')).toBeVisible()

  held.on = true
  await page.goto('/login?redirect=%2Fadmin%2Fcollections%2Fleads')
  await signIn(page, DEV_ADMIN.email, password)
  await expect(page.getByRole('status')).toHaveText('Logged in successfully')
  expect((await page.context().cookies()).some((c) => c.name === 'payload-token')).toBe(true)
  held.on = false
  await expect(page).toHaveURL(/\/admin\/collections\/leads/)

  const posts = seen.filter((r) => new URL(r.url).pathname === '/login/session')
  expect(posts.map((r) => r.method)).toEqual(['POST', 'POST'])
  for (const secret of [password, wrong]) {
    for (const { url } of seen) {
      expect(url).not.toContain(secret)
      expect(url).not.toContain(encodeURIComponent(secret))
    }
  }
})

test('signing up before the page script has loaded', async ({ page }) => {
  const email = `no-script-${Date.now()}@curbside.test`
  const held = await holdScripts(page)
  await page.goto('/login?mode=signup')
  await expect(page.getByRole('heading', { name: 'Create Admin Account' })).toBeVisible()
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password').fill('a-long-enough-password')
  await page.getByRole('button', { name: 'Create Account' }).click()
  await expect(page).toHaveURL(/\/login\?notice=signed-up$/)
  held.on = false
  await page.reload()
  await expect(
    page.getByText('Account created successfully. Please check your email to confirm.'),
  ).toBeVisible()
  await expect.poll(() => verificationPath(email)).not.toBeNull()
})

test('a sign-in from another site is refused and signs nobody in', async ({ playwright, baseURL }) => {
  const foreign = await playwright.request.newContext({
    baseURL,
    extraHTTPHeaders: { Origin: 'http://evil.example', 'x-forwarded-for': '198.51.100.91' },
  })
  const api = await foreign.post('/api/users/login', {
    data: { email: DEV_ADMIN.email, password: DEV_ADMIN.password },
  })
  expect(api.status()).toBe(403)
  expect((await api.json()).errors[0].message).toBe('Sign-in requests from other sites are refused.')
  // The same through the script-less form's door.
  const form = await foreign.post('/login/session', {
    form: { email: DEV_ADMIN.email, password: DEV_ADMIN.password },
    maxRedirects: 0,
  })
  expect(form.status()).toBe(303)
  expect(form.headers().location).toMatch(/\/login\?error=cross-site$/)
  expect((await foreign.storageState()).cookies.filter((c) => c.name === 'payload-token')).toEqual([])
  await foreign.dispose()
})

test('the owner signs in while a stranger keeps failing at her account from elsewhere', async ({
  page,
  playwright,
  baseURL,
}) => {
  const stranger = await playwright.request.newContext({
    baseURL,
    extraHTTPHeaders: { 'x-forwarded-for': '198.51.100.92' },
  })
  const statuses: number[] = []
  for (let i = 0; i < 8; i++) {
    const res = await stranger.post('/api/users/login', {
      data: { email: DEV_ADMIN.email, password: `guess-${i}-wrong-password` },
    })
    statuses.push(res.status())
  }
  expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429, 429])
  await stranger.dispose()

  await page.goto('/login')
  await signIn(page, DEV_ADMIN.email, DEV_ADMIN.password)
  await expect(page).toHaveURL(/\/admin$/)
})

test('private answers are never cached', async ({ request }) => {
  const signedIn = await request.post('/api/users/login', {
    data: { email: DEV_ADMIN.email, password: DEV_ADMIN.password },
  })
  expect(signedIn.headers()['cache-control']).toBe('no-store, private')
  const headers = { authorization: `JWT ${(await signedIn.json()).token}` }
  for (const path of ['/api/users/me', '/api/leads?limit=1', '/api/customer-uploads?limit=1']) {
    const res = await request.get(path, { headers })
    expect(res.status(), path).toBe(200)
    expect(res.headers()['cache-control'], path).toBe('no-store, private')
  }
  const csv = await request.post('/api/exports/download', {
    headers,
    data: { data: { collectionSlug: 'leads', format: 'csv' } },
  })
  expect(csv.status()).toBe(200)
  expect(csv.headers()['cache-control']).toBe('no-store, private')
  const other = await request.post('/api/exports/download', {
    headers,
    data: { data: { collectionSlug: 'users', format: 'csv' } },
  })
  expect(other.status()).toBe(400)
  expect((await other.json()).errors[0].message).toBe('Only leads can be exported.')
})
