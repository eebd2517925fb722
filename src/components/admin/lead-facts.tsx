import type { CustomerUpload, Lead } from '@/payload-types'
import { isTextLeadEmail } from '@/lib/text-messages'

// The Lead Management tab, where a job's or a work order's page leads back to.
export const LEADS_TAB = '/admin?tab=leads'

// Opens the phone's map app on the address or ZIP code (Google Maps' universal link: app or browser).
export function MapLink({ place }: { place: string }) {
  return (
    <a
      href={`https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(place)}`}
      target="_blank"
      rel="noopener noreferrer"
    >
      {place}
    </a>
  )
}

// The customer's e-mail address as a link; the stored stand-in of a customer who gave none (a
// texted lead, or one typed in from a call) reaches nobody, so it is never shown as one.
export function EmailLink({ email }: { email: string }) {
  return isTextLeadEmail(email) ? <span>Not given</span> : <a href={`mailto:${email}`}>{email}</a>
}

// A partner enquiry's dealership and the cars a month it named.
export function partnerVolume(lead: Pick<Lead, 'dealershipName' | 'carsPerMonth'>): string {
  return `${lead.dealershipName ?? 'Dealership'} · ${lead.carsPerMonth ?? '?'} cars a month`
}

// The lead's photos that were read with it (an upload may be gone, or not readable by the caller).
export const photosOf = (lead: Lead): CustomerUpload[] =>
  (lead.photos ?? []).filter((p): p is CustomerUpload => typeof p === 'object' && p !== null)
