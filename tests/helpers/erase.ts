import type { HttpClient, HttpResult, Session } from './http-client'

// An erasure as the owner makes it: the leads of this e-mail or phone are listed first (the
// endpoint answers a request without its list with the leads it matched), then exactly those go.
export async function eraseListed(
  http: HttpClient,
  session: Session,
  contact: { email?: string; phone?: string },
): Promise<HttpResult> {
  const listed = await http.post('/api/leads/erase', { json: { ...contact, confirm: true }, session })
  if (listed.status !== 400 || !Array.isArray(listed.body.leads)) return listed
  const leads = (listed.body.leads as { id: number }[]).map((l) => l.id)
  return http.post('/api/leads/erase', { json: { ...contact, leads, confirm: true }, session })
}
