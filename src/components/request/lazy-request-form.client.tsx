'use client'

import { useEffect, useRef, useState } from 'react'
import type { ComponentType, ReactNode } from 'react'
import { flushSync } from 'react-dom'

import { requestToaster } from '@/components/ui/lazy-toaster.client'

import type { RequestFormProps } from './request-form.client'
import { takeOver } from './takeover'
import type { Takeover } from './takeover'

// About a phone screen, so the form is usually there before the visitor scrolls to it.
const NEAR = '800px 0px'

// `children` is the form the server sent (plain-request-form.tsx), which posts without any
// script. The scripted form's code (most of the home page's JavaScript) loads near the viewport
// and then takes the plain form's place, starting from what the visitor typed in it.
export function LazyRequestForm({ children, ...props }: RequestFormProps & { children: ReactNode }) {
  const slot = useRef<HTMLDivElement>(null)
  const [scripted, setScripted] = useState<{
    Form: ComponentType<RequestFormProps>
    takeover: Takeover | null
  } | null>(null)
  const [attempt, setAttempt] = useState(0)
  // A submit stopped by the browser's checks (a required field empty): the scripted form shows
  // its messages when it arrives. A submit that went out: the page is leaving, nothing swaps.
  const attempted = useRef(false)
  const posted = useRef(false)

  useEffect(() => {
    const element = slot.current
    if (scripted || !element) return
    let live = true
    const onInvalid = () => {
      attempted.current = true
    }
    const onSubmit = (event: Event) => {
      if (!event.defaultPrevented) posted.current = true
    }
    element.addEventListener('invalid', onInvalid, true)
    element.addEventListener('submit', onSubmit)
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return
        observer.disconnect()
        requestToaster()
        import('./request-form.client').then(
          (m) => {
            if (!live || posted.current) return
            const form = element.querySelector('form')
            const takeover = form ? takeOver(form, attempted.current) : null
            // At once, in this task: no keystroke can land between reading the plain form and
            // the scripted one replacing it.
            flushSync(() => setScripted({ Form: m.RequestForm, takeover }))
          },
          // A dropped connection: watch again, and load on the next approach.
          () => live && setAttempt((n) => n + 1),
        )
      },
      { rootMargin: NEAR },
    )
    observer.observe(element)
    return () => {
      live = false
      observer.disconnect()
      element.removeEventListener('invalid', onInvalid, true)
      element.removeEventListener('submit', onSubmit)
    }
  }, [scripted, attempt])

  return (
    <div ref={slot}>
      {scripted ? <scripted.Form {...props} takeover={scripted.takeover ?? undefined} /> : children}
    </div>
  )
}
