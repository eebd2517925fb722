// The one place SERVER_URL is read (links, origins, Secure cookies). Unset, it is this machine on PORT.
export function serverUrl(): string {
  return (process.env.SERVER_URL || `http://localhost:${process.env.PORT || 3000}`).replace(/\/+$/, '')
}

export const servedOverHttps = () => serverUrl().startsWith('https://')

/** A lead's details in Lead Management, where every notice to the business links it. */
export const leadAdminPath = (lead: number | string) => `/admin?tab=leads&lead=${lead}`
