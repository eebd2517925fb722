// CSS masks (.icon-<name> in globals.css, from lucide-react's SVGs): an inline SVG costs its
// paths twice per page and lucide's code in islands. Decorative only: always aria-hidden.
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
