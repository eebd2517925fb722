'use client'

import { toast, useConfig } from '@payloadcms/ui'
import { useRouter } from 'next/navigation'
import { useCallback, useState } from 'react'

// Errors carry the server's own message when it sent one.
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly body: unknown = null,
  ) {
    super(message)
  }
}

async function apiFetch<T>(url: string, init: RequestInit = {}): Promise<T> {
  const response = await fetch(url, { credentials: 'include', ...init })
  let body: unknown = null
  try {
    body = await response.json()
  } catch {
    body = null
  }
  if (!response.ok) {
    type Problem = { message?: string; data?: { errors?: { message?: string }[] } }
    const first = (body as { errors?: Problem[] } | null)?.errors?.[0]
    // A validation error names the field in `message` and says what is wrong in `data`.
    const detail = first?.data?.errors
      ?.map((e) => e.message)
      .filter(Boolean)
      .join(' ')
    throw new ApiError(
      detail || first?.message || response.statusText || 'Request failed',
      response.status,
      body,
    )
  }
  return body as T
}

export function jsonInit(method: string, data: unknown): RequestInit {
  return { method, headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(data) }
}

export function useApi() {
  const { config } = useConfig()
  const base = config.routes.api
  const api = useCallback(
    <T>(path: string, init?: RequestInit) => apiFetch<T>(`${base}${path}`, init),
    [base],
  )
  return { api, url: (path: string) => `${base}${path}` }
}

type Done = string | { title: string; description?: string }

/**
 * One request of a back-office control: busy while it runs, then Payload's notice, and the view
 * read again (`refresh`: after success, also after a refusal that may have changed what is shown,
 * or never for a control inside Payload's own document form). A refusal says the server's words;
 * a failure of the server, `failed`. Resolves to the answer, or null when refused.
 */
export function useAction(refresh: 'done' | 'always' | 'never' = 'done') {
  const { api } = useApi()
  const router = useRouter()
  const [busy, setBusy] = useState(false)
  async function run<T>(path: string, init: RequestInit, done: Done | ((body: T) => Done), failed: string) {
    setBusy(true)
    try {
      const body = await api<T>(path, init)
      const notice = typeof done === 'function' ? done(body) : done
      if (typeof notice === 'string') toast.success(notice)
      else toast.success(notice.title, { description: notice.description })
      if (refresh !== 'never') router.refresh()
      return body
    } catch (error) {
      const message = error instanceof ApiError && error.status < 500 ? error.message : failed
      toast.error('Error', { description: message })
      if (refresh === 'always') router.refresh()
      return null
    } finally {
      setBusy(false)
    }
  }
  return { busy, run }
}
