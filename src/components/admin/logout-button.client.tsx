'use client'

import { toast } from '@payloadcms/ui'
import { useRouter } from 'next/navigation'
import { useState } from 'react'

import { apiFetch } from './admin-fetch'

export function LogoutButton() {
  const [busy, setBusy] = useState(false)
  const router = useRouter()
  async function logout() {
    setBusy(true)
    try {
      await apiFetch('/api/users/logout', { method: 'POST' })
      router.replace('/login')
    } catch (error) {
      toast.error('Error', { description: error instanceof Error ? error.message : 'Logout failed' })
      setBusy(false)
    }
  }
  return (
    <button type="button" className="cbo-btn cbo-btn--outline" onClick={logout} disabled={busy}>
      Logout
    </button>
  )
}
