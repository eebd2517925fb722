// The one place SERVER_URL is read (links, origins, Secure cookies). Unset, it is this machine on PORT.
export function serverUrl(): string {
  return (process.env.SERVER_URL || `http://localhost:${process.env.PORT || 3000}`).replace(/\/+$/, '')
}

export const servedOverHttps = () => serverUrl().startsWith('https://')

/** A lead's job page (its document view), where every notice to the business links it. */
export const leadAdminPath = (lead: number | string) => `/admin/collections/leads/${lead}`
