'use client'

import { useEffect } from 'react'

import { OUTCOME_PARAMS } from '@/lib/lead-forms'

// Once the script runs, the outcome's words leave the address: a reload, or the refresh after
// the next action, does not say it again.
export function ForgetOutcome() {
  useEffect(() => {
    const url = new URL(window.location.href)
    for (const key of OUTCOME_PARAMS) url.searchParams.delete(key)
    window.history.replaceState(null, '', url)
  }, [])
  return null
}
