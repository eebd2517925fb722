import { expect, test } from '../helpers/e2e-test'

import { DEV_ADMIN } from '../../src/seed/dev-admin'

test('the home page loads with the business name', async ({ page }) => {
  const response = await page.goto('/')
  expect(response?.status()).toBe(200)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Curbside Rim Co.')
})

test('the server keeps an idle connection open longer than the clients that pool it', async ({ request }) => {
  // Node's 5 s default would close sockets that nginx keeps pooled for 60 s.
  const response = await request.get('/robots.txt')
  expect(response.status()).toBe(200)
  const seconds = Number(/timeout=(\d+)/.exec(response.headers()['keep-alive'] ?? '')?.[1])
  expect(seconds).toBeGreaterThan(60)
})

test('the admin asks a signed-out visitor to sign in', async ({ page }) => {
  await page.goto('/admin')
  await expect(page).toHaveURL(/\/login$/)
  await expect(page.getByLabel('Email')).toBeVisible()
})

test('the development admin signs in and reaches the admin', async ({ page }) => {
  await page.goto('/login')
  await page.getByLabel('Email').fill(DEV_ADMIN.email)
  await page.getByLabel('Password').fill(DEV_ADMIN.password)
  await page.getByRole('button', { name: 'Sign In' }).click()
  await expect(page).toHaveURL(/\/admin\/?$/)
  await expect(page.getByRole('link', { name: 'Lead Management' })).toBeVisible()
})

test('GraphQL answers queries over GET and POST; the playground is off in production', async ({
  request,
}) => {
  const query = '{ Promotions { docs { title discountCode } } }'
  const viaGet = await request.get(`/api/graphql?query=${encodeURIComponent(query)}`)
  expect(viaGet.status()).toBe(200)
  expect((await viaGet.json()).data.Promotions.docs).toEqual([
    { title: 'Fall Wheel Refresh', discountCode: 'FALL15' },
  ])

  const viaPost = await request.post('/api/graphql', { data: { query } })
  expect(viaPost.status()).toBe(200)
  expect((await viaPost.json()).data.Promotions.docs).toHaveLength(1)

  const mutationViaGet = await request.get(
    `/api/graphql?query=${encodeURIComponent('mutation { deletePromotion(id: 1) { id } }')}`,
  )
  expect(mutationViaGet.status()).toBe(405)

  expect((await request.get('/api/graphql-playground')).status()).toBe(404)
})

test('REST serves the public gallery and refuses leads to visitors', async ({ request }) => {
  const gallery = await request.get('/api/gallery-items?sort=-createdAt&depth=0')
  expect(gallery.status()).toBe(200)
  expect((await gallery.json()).totalDocs).toBe(2)
  expect((await request.get('/api/leads')).status()).toBe(403)
})
