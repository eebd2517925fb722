export type NavVariant = 'home' | 'page' | 'gallery'

export type NavLink = { label: string; href: string }

// Anchors to the home page's sections, so from other pages they lead back to the home page.
export function navLinks(variant: NavVariant): NavLink[] {
  const home = variant === 'home' ? '' : '/'
  const links: NavLink[] = [
    { label: 'Services', href: `${home}#services` },
    { label: 'Gallery', href: '/gallery' },
    { label: 'Process', href: `${home}#process` },
    { label: 'Contact', href: `${home}#contact` },
  ]
  if (variant === 'gallery') links.push({ label: 'Admin', href: '/login' })
  return links
}

export function requestHref(variant: NavVariant): string {
  return variant === 'home' ? '#quote' : '/#quote'
}
