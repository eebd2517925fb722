// Calls to Payload's REST API from the back office, with the session cookie. Errors
// carry the server's own message when it sent one.
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message)
  }
}

export async function apiFetch<T>(path: string, init: RequestInit = {}): Promise<T> {
  const response = await fetch(path, { credentials: 'include', ...init })
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

export type Paginated<T> = { docs: T[]; totalDocs: number; totalPages: number; page: number }
