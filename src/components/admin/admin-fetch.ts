'use client'

import { useConfig } from '@payloadcms/ui'
import { useCallback } from 'react'

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
