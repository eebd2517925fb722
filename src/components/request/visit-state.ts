import { PROMO_QUERY_PARAM, SOURCE_FIELDS, normalizePromoInput, visitSource } from '@/lib/lead-source'
import type { LeadSource } from '@/lib/lead-source'

// Session storage of this tab only (no cookie): sent nowhere but with a request. The code's key keeps
// its first name for compatibility, so a code a tab kept across a deploy still applies.
const PROMO_KEY = 'quote-promo-code'
const SOURCE_KEY = 'visit-source'
const PROMO_EVENT = 'request-promo-code'

function storage(): Storage | null {
  try {
    return window.sessionStorage
  } catch {
    return null // storage blocked: the code lives in the form only
  }
}

export function readPromoCode(): string {
  return storage()?.getItem(PROMO_KEY) ?? ''
}

export function savePromoCode(code: string): void {
  const value = normalizePromoInput(code)
  const s = storage()
  if (value) s?.setItem(PROMO_KEY, value)
  else s?.removeItem(PROMO_KEY)
  window.dispatchEvent(new CustomEvent(PROMO_EVENT, { detail: value }))
}

export function onPromoCode(listener: (code: string) => void): () => void {
  const handle = (e: Event) => listener(String((e as CustomEvent<string>).detail ?? ''))
  window.addEventListener(PROMO_EVENT, handle)
  return () => window.removeEventListener(PROMO_EVENT, handle)
}

// The first page of the visit records its source; later pages leave it as it was.
export function captureVisit(): void {
  const code = new URL(window.location.href).searchParams.get(PROMO_QUERY_PARAM)
  if (code && normalizePromoInput(code)) savePromoCode(code)
  const s = storage()
  if (s && s.getItem(SOURCE_KEY) === null) {
    s.setItem(SOURCE_KEY, JSON.stringify(visitSource(window.location.href, document.referrer)))
  }
}

export function readVisitSource(): LeadSource {
  try {
    const parsed = JSON.parse(storage()?.getItem(SOURCE_KEY) ?? '{}') as Record<string, unknown>
    const out: LeadSource = {}
    for (const field of SOURCE_FIELDS)
      if (typeof parsed[field] === 'string') out[field] = parsed[field] as string
    return out
  } catch {
    return {}
  }
}
