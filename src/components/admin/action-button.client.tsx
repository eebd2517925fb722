'use client'

import type { ButtonHTMLAttributes } from 'react'

import { useHydrated } from './use-hydrated'

type Props = ButtonHTMLAttributes<HTMLButtonElement> & {
  look?: 'primary' | 'secondary' | 'danger'
  // The submit button of a form that posts to an endpoint without any script: a tap before
  // hydration is the browser's own submission, which the server answers with the view.
  submitsWithoutScript?: boolean
}

// The back office's buttons: a plain <button> with one class, where Payload's `.btn` sets a
// score of custom properties and a transition on each button, which a lead's details restyle
// several times while loading. Disabled until React handles its click, so an early tap is not
// lost (nor sent as the browser's own form submission); only the button re-renders then.
export function ActionButton({
  look = 'primary',
  type = 'button',
  disabled,
  className,
  submitsWithoutScript,
  ...rest
}: Props) {
  const hydrated = useHydrated()
  return (
    <button
      {...rest}
      type={type}
      disabled={(!hydrated && !submitsWithoutScript) || disabled}
      className={`cbo-button cbo-button--${look}${className ? ` ${className}` : ''}`}
    />
  )
}
