import { describe, expect, it } from 'vitest'

import { redirectKey, redirectSourceError, redirectTargetError } from '@/lib/redirect-paths'

describe('redirect paths', () => {
  it('are looked up without query, fragment or trailing slash, in lower case', () => {
    expect(redirectKey('/Wheel-Repair.HTML?utm=x#top')).toBe('/wheel-repair.html')
    expect(redirectKey('/services/rims/')).toBe('/services/rims')
    expect(redirectKey('/')).toBe('/')
  })

  it('come only from this site, never from the back office, the API or the home page', () => {
    expect(redirectSourceError('/old-page.php')).toBeNull()
    expect(redirectSourceError('old-page')).toBe('Start the old address with a single /.')
    expect(redirectSourceError('//evil.example/x')).toBe('Start the old address with a single /.')
    expect(redirectSourceError('/a b')).toBe('The old address may not contain spaces or control characters.')
    expect(redirectSourceError('/')).toBe('The home page cannot be redirected.')
    for (const reserved of ['/admin', '/API/users', '/_next/static/x.js', '/login']) {
      expect(redirectSourceError(reserved)).toBe(
        'The back office, API and login addresses cannot be redirected.',
      )
    }
    expect(redirectSourceError('/administration-tips')).toBeNull()
  })

  it('go to a page of this site or an http(s) address', () => {
    expect(redirectTargetError('/gallery')).toBeNull()
    expect(redirectTargetError('https://maps.example/curbside')).toBeNull()
    for (const bad of ['javascript:alert(1)', '//evil.example', 'gallery', 'data:text/html,x', '/a\nb']) {
      expect(redirectTargetError(bad)).not.toBeNull()
    }
    // Browsers follow "/\evil.example" to another site, as they do "//evil.example".
    for (const bad of ['/\\evil.example/x', '/\\/evil.example', 'https://curbside.test\\@evil.example']) {
      expect(redirectTargetError(bad)).not.toBeNull()
    }
  })
})
