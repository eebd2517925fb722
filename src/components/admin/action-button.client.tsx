'use client'

import type { ButtonHTMLAttributes } from 'react'

import { useHydrated } from './use-hydrated'

type Props = ButtonHTMLAttributes<HTMLButtonElement> & { look?: 'primary' | 'secondary' | 'danger' }

// The back office's buttons: a plain <button> with one class, where Payload's `.btn` sets a
// score of custom properties and a transition on each button, which a lead's details restyle
// several times while loading. Disabled until React handles its click, so an early tap is not
// lost (nor sent as the browser's own form submission); only the button re-renders then.
export function ActionButton({ look = 'primary', type = 'button', disabled, className, ...rest }: Props) {
  const hydrated = useHydrated()
  return (
    <button
      {...rest}
      type={type}
      disabled={!hydrated || disabled}
      className={`cbo-button cbo-button--${look}${className ? ` ${className}` : ''}`}
    />
  )
}
