'use client'

import { toast, useConfig } from '@payloadcms/ui'
import { useRouter } from 'next/navigation'
import { useState } from 'react'
import type { MouseEvent } from 'react'

import { useApi } from './admin-fetch'

// A real link, so a click signs out even before hydration; afterwards it goes through the API.
export function LogoutButton() {
  const [busy, setBusy] = useState(false)
  const router = useRouter()
  const { api } = useApi()
  const { config } = useConfig()
  const href = `${config.routes.admin}/logout`
  async function logout(event: MouseEvent) {
    event.preventDefault()
    if (busy) return
    setBusy(true)
    try {
      await api('/users/logout', { method: 'POST' })
      router.replace('/login')
    } catch (error) {
      toast.error('Error', { description: error instanceof Error ? error.message : 'Logout failed' })
      setBusy(false)
    }
  }
  return (
    <a href={href} className="cbo-button cbo-button--secondary" aria-disabled={busy} onClick={logout}>
      Logout
    </a>
  )
}
