// Lucide's icons, as the site draws them on its server-rendered pages and first-screen
// islands: an empty element painted through a CSS mask (.icon-<name> in globals.css, made
// from lucide-react's own SVG). An inline SVG costs its paths twice in a page (in the HTML
// and again in the inline server payload), and lucide-react's component code in an
// island's JavaScript; a mask costs a class name. Decorative only: always aria-hidden.
export type IconName =
  | 'briefcase'
  | 'building'
  | 'car'
  | 'check'
  | 'clock'
  | 'dollar-sign'
  | 'external-link'
  | 'mail'
  | 'map-pin'
  | 'menu'
  | 'message-square'
  | 'phone'
  | 'wrench'
  | 'x'

// No cn(): islands use this too, and tailwind-merge is not worth its bytes there.
export function Icon({ name, className }: { name: IconName; className?: string }) {
  return <i aria-hidden className={className ? `icon icon-${name} ${className}` : `icon icon-${name}`} />
}
