import { describe, expect, it } from 'vitest'

import { safeAdminRedirect } from '@/lib/safe-redirect'

describe('safeAdminRedirect', () => {
  it('keeps same-site back-office paths with their query', () => {
    expect(safeAdminRedirect('/admin')).toBe('/admin')
    expect(safeAdminRedirect('/admin?tab=leads')).toBe('/admin?tab=leads')
    expect(safeAdminRedirect('/admin/collections/leads')).toBe('/admin/collections/leads')
  })

  it.each([
    undefined,
    '',
    'https://evil.example/admin',
    '//evil.example/admin',
    '/\\evil.example',
    '/admin//evil.example',
    '/admin/%2F%2Fevil.example',
    '/administrator',
    '/gallery',
    '/admin/../gallery',
    '/admin/login',
    '/admin/logout?x=1',
    'javascript:alert(1)',
    ['/admin'],
  ])('falls back to /admin for %j', (value) => {
    expect(safeAdminRedirect(value)).toBe('/admin')
  })
})
