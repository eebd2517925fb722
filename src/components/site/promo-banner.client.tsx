'use client'

import { clsx } from 'clsx'
import { useRouter } from 'next/navigation'
import { useEffect, useLayoutEffect, useState } from 'react'

import { savePromoCode } from '@/components/request/visit-state'
import { Icon } from '@/components/ui/icon'
import type { BannerData } from '@/data/banner-query'
import { PROMO_CODE_FIELD } from '@/lib/lead-source'
import { BANNER_DISMISSED_PREFIX } from '@/lib/promotions'

// clsx, not cn: tailwind-merge would be the largest part of this first-screen island's code.
const COLORS = {
  primary: 'bg-ink-muted text-white',
  secondary: 'bg-mist text-ink border-b border-ink/10',
  gold: 'bg-gold text-ink',
} as const

// Longest delay setTimeout accepts.
const MAX_DELAY = 2_147_483_647

function applyCode(code: string, goHome: () => void) {
  savePromoCode(code)
  const section = document.getElementById('quote')
  if (!section) {
    goHome()
    return
  }
  section.scrollIntoView({ behavior: 'smooth', block: 'start' })
  focusCodeField(section)
}

// The form loads as it nears the screen; it reads the code itself when it mounts.
function focusCodeField(section: HTMLElement) {
  const field = () => section.querySelector<HTMLInputElement>(`input[name="${PROMO_CODE_FIELD}"]`)
  const focus = (input: HTMLInputElement) => input.focus({ preventScroll: true })
  const now = field()
  if (now) return focus(now)
  const observer = new MutationObserver(() => {
    const input = field()
    if (!input) return
    observer.disconnect()
    focus(input)
  })
  observer.observe(section, { childList: true, subtree: true })
  // A form that never arrives (offline, a failed chunk) leaves nothing watching.
  setTimeout(() => observer.disconnect(), 30_000)
}

// A dismissed promotion is hidden before first paint (head script and the rule below);
// this component then drops it.
export function PromoBanner({ promotion }: { promotion: BannerData }) {
  const [hidden, setHidden] = useState(false)
  const router = useRouter()
  const key = `${BANNER_DISMISSED_PREFIX}${promotion.id}`

  useLayoutEffect(() => {
    try {
      // React state cannot be read from storage during hydration without a mismatch.
      // eslint-disable-next-line react-hooks/set-state-in-effect
      if (localStorage.getItem(key)) setHidden(true)
    } catch {
      // storage unavailable (private mode): the banner simply shows
    }
  }, [key])

  useEffect(() => {
    if (!promotion.endDate) return
    const left = new Date(promotion.endDate).getTime() - Date.now()
    if (left > MAX_DELAY) return
    const timer = setTimeout(() => setHidden(true), Math.max(0, left))
    return () => clearTimeout(timer)
  }, [promotion.endDate])

  if (hidden) return null

  function dismiss() {
    try {
      localStorage.setItem(key, 'true')
    } catch {
      // storage unavailable: hidden for this page view only
    }
    setHidden(true)
  }

  return (
    <>
      <style>{`html[data-dismissed-promos~="${promotion.id}"] #promo-banner{display:none}`}</style>
      <div
        id="promo-banner"
        role="region"
        aria-label="Promotion"
        data-promo-id={promotion.id}
        data-color={promotion.bannerColor}
        className={clsx('promo-bar', COLORS[promotion.bannerColor])}
      >
        <p>
          <span>{promotion.bannerText || promotion.title}</span>
          {promotion.discountCode ? (
            <>
              {' '}
              <button
                type="button"
                onClick={() => applyCode(promotion.discountCode!, () => router.push('/#quote'))}
                className="promo-code"
              >
                Use code <strong className="font-bold tracking-wide">{promotion.discountCode}</strong>
              </button>
            </>
          ) : null}
        </p>
        <button type="button" onClick={dismiss} aria-label="Close promotion banner" className="promo-close">
          <Icon name="x" className="size-4" />
        </button>
      </div>
    </>
  )
}
