import { Slot } from '@radix-ui/react-slot'
import { cva, type VariantProps } from 'class-variance-authority'
import type { ComponentProps } from 'react'

import { cn } from '@/lib/utils'

// One .btn class (globals.css, components layer, so variants and callers' utilities still win)
// instead of 17 utilities repeated in the HTML and the inline server payload.
export const buttonVariants = cva('btn', {
  variants: {
    variant: {
      default: 'bg-ink hover:bg-ink-soft text-white',
      premium: 'bg-gold text-ink hover:bg-gold-light shadow-sm',
      'outline-premium': 'border-gold text-gold hover:bg-gold hover:text-ink border bg-transparent',
      outline: 'border-ink/20 hover:bg-ink/5 border bg-transparent',
      ghost: 'hover:bg-ink/5',
      destructive: 'bg-red-700 text-white hover:bg-red-800',
      link: 'text-ink underline-offset-4 hover:underline',
    },
    size: {
      default: 'h-10 px-4 py-2',
      sm: 'h-9 px-3',
      lg: 'h-12 px-6 text-base',
      icon: 'size-10',
    },
  },
  defaultVariants: { variant: 'default', size: 'default' },
})

export type ButtonProps = ComponentProps<'button'> &
  VariantProps<typeof buttonVariants> & { asChild?: boolean }

export function Button({ className, variant, size, asChild = false, ...props }: ButtonProps) {
  const Comp = asChild ? Slot : 'button'
  return <Comp className={cn(buttonVariants({ variant, size }), className)} {...props} />
}
