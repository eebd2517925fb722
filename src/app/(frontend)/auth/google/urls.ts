// Must match the URI registered with Google exactly: built from config, never request headers.
import { serverUrl } from '@/lib/server-url'
import { loginErrorCode } from '@/server/login-messages'

export function callbackUrl(): string {
  return `${serverUrl()}/auth/google/callback`
}

export function loginErrorUrl(message: string): URL {
  const url = new URL('/login', serverUrl())
  url.searchParams.set('error', loginErrorCode(message, 'google-failed'))
  return url
}
