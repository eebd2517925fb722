import { serverUrl } from '@/lib/server-url'

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)
}

export function verificationLink(token: string): string {
  return `${serverUrl()}/verify/${encodeURIComponent(token)}`
}

export function verificationEmailHTML({
  token,
  user,
}: {
  token: string
  user: { email?: string | null }
}): string {
  const link = escapeHtml(verificationLink(token))
  const email = escapeHtml(user.email ?? '')
  return `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#111">
<p>Hello${email ? ` ${email}` : ''},</p>
<p>Please confirm the e-mail address of your Curbside Rim Co. back-office account:</p>
<p><a href="${link}">Confirm my e-mail</a></p>
<p>Or open this link: ${link}</p>
<p>After confirming, an admin still has to approve the account before it can see any business data.</p>
</body></html>`
}
