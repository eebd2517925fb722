import { signedWebhook } from '@/server/texts/simulate'

import type { HttpClient } from './http-client'

// A provider's webhook through the test server, signed for the site's public address
// (SERVER_URL + path) as Twilio signs it, while the request itself goes to the test server's
// own address: as behind a proxy.
export function postWebhook(
  http: HttpClient,
  path: string,
  params: Record<string, string>,
  options: { token: string; signature?: string | null },
) {
  const request = signedWebhook(options.token, path, params)
  const headers: Record<string, string> = { ...request.headers }
  if (options.signature === null) delete headers['X-Twilio-Signature']
  else if (options.signature !== undefined) headers['X-Twilio-Signature'] = options.signature
  return http.post(path, { body: request.body, headers, origin: null })
}
