import { expect, test } from '@playwright/test'

import { DEV_ADMIN } from '../../src/seed/dev-admin'

test('the home page loads with the business name', async ({ page }) => {
  const response = await page.goto('/')
  expect(response?.status()).toBe(200)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Curbside Rim Co.')
})

test('the admin asks a signed-out visitor to sign in', async ({ page }) => {
  await page.goto('/admin')
  await expect(page).toHaveURL(/\/admin\/login/)
  await expect(page.getByLabel('Email')).toBeVisible()
})

test('the development admin signs in and reaches the admin', async ({ page }) => {
  await page.goto('/admin/login')
  await page.getByLabel('Email').fill(DEV_ADMIN.email)
  await page.getByLabel('Password').fill(DEV_ADMIN.password)
  await page.getByRole('button', { name: 'Login' }).click()
  await expect(page).toHaveURL(/\/admin\/?$/)
  await expect(page.getByRole('link', { name: 'Leads' }).first()).toBeVisible()
})
