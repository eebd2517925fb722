'use client'

import { useConfig } from '@payloadcms/ui'
import { useCallback } from 'react'

// Errors carry the server's own message when it sent one.
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
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
    const errors = (body as { errors?: { message?: string }[] } | null)?.errors
    throw new ApiError(errors?.[0]?.message || response.statusText || 'Request failed', response.status)
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
