'use client'

import { useEffect } from 'react'

import { LAST_TAB_COOKIE } from '@/lib/back-office-tabs'

// The tab shown last, so /admin (the home screen icon, a bookmark) opens where the owner was.
export function RememberTab({ tab }: { tab: string }) {
  useEffect(() => {
    document.cookie = `${LAST_TAB_COOKIE}=${tab}; path=/admin; max-age=31536000; samesite=lax`
  }, [tab])
  return null
}
