'use client'

import { useEffect, useRef, useState } from 'react'
import type { ComponentType } from 'react'

import { requestToaster } from '@/components/ui/lazy-toaster.client'

import type { RequestFormProps } from './request-form.client'

// About a phone screen, so the form is usually there before the visitor scrolls to it.
const NEAR = '800px 0px'

// Loaded near the viewport: its code is most of the home page's JavaScript. The placeholder's
// height is close to the form's, so nothing moves when the form arrives.
export function LazyRequestForm(props: RequestFormProps) {
  const placeholder = useRef<HTMLDivElement>(null)
  const [Form, setForm] = useState<ComponentType<RequestFormProps> | null>(null)
  const [attempt, setAttempt] = useState(0)

  useEffect(() => {
    const element = placeholder.current
    if (Form || !element) return
    let live = true
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return
        observer.disconnect()
        requestToaster()
        import('./request-form.client').then(
          (m) => live && setForm(() => m.RequestForm),
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
    }
  }, [Form, attempt])

  if (Form) return <Form {...props} />
  return (
    <div
      ref={placeholder}
      aria-busy="true"
      className={props.allowPhotos ? 'min-h-[57rem] sm:min-h-[41rem]' : 'min-h-[52rem] sm:min-h-[36rem]'}
    />
  )
}
