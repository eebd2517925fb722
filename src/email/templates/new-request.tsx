import { Heading, Link, Text } from '@react-email/components'

import { PARTNER_CHANNEL } from '@/lib/lead-source'

import { EmailFrame, type RequestDetails, RequestSummary } from './layout'

export type NewRequestEmailProps = RequestDetails & {
  // newRequestHeadline: the heading, and the subject before "from <name>".
  headline: string
  adminUrl: string
  attachedPhotoCount: number
  // Photos past the attachment size cap: their page in the admin.
  linkedPhotos: { label: string; url: string }[]
  // "FALL15 · 15% off", or null without a code; where the visit came from.
  promo: string | null
  source: string
  // In the business's time zone, as the back office shows it.
  receivedAt: string
  // Where the car is and what it is, when the visitor said.
  address?: string | null
  zip?: string | null
  vehicle?: string | null
  wheelSize?: string | null
}

const optionalRows = (rows: [string, string | null | undefined][]): [string, string][] =>
  rows.filter((row): row is [string, string] => Boolean(row[1]))

/**
 * What the owner's e-mail about a new lead is headed with: a partner enquiry names the
 * dealership, as its text alert does, rather than a quote for "Dealership Partnership".
 */
export function newRequestHeadline(lead: {
  channel?: string | null
  dealershipName?: string | null
  serviceTitle: string
}): string {
  return lead.channel === PARTNER_CHANNEL
    ? `New partner enquiry: ${lead.dealershipName ?? ''}`
    : `New quote request: ${lead.serviceTitle}`
}

export function NewRequestEmail(p: NewRequestEmailProps) {
  const linked = p.linkedPhotos.length
  const photosText = linked
    ? `${p.photoCount} sent: ${p.attachedPhotoCount} attached, ${linked} too large to attach (linked below)`
    : undefined
  return (
    <EmailFrame preview={`${p.headline} from ${p.firstName} ${p.lastName}`}>
      <Heading as="h1" style={{ fontSize: '20px', margin: 0 }}>
        {p.headline}
      </Heading>
      <RequestSummary
        request={p}
        photoWord="attached"
        photosText={photosText}
        extra={[
          ...optionalRows([
            ['Street address', p.address],
            ['ZIP code', p.zip],
            ['Vehicle', p.vehicle],
            ['Wheel size', p.wheelSize],
          ]),
          ['Received', p.receivedAt],
          ['Promo code', p.promo ?? 'None'],
          ['Source', p.source],
        ]}
      />
      {linked > 0 && (
        <Text>
          Open in the back office:{' '}
          {p.linkedPhotos.map((photo, i) => (
            <span key={photo.url}>
              {i > 0 && ', '}
              <Link href={photo.url}>{photo.label}</Link>
            </span>
          ))}
        </Text>
      )}
      <Text style={{ marginTop: '24px' }}>
        <Link href={p.adminUrl}>Open this lead in the back office</Link>
      </Text>
    </EmailFrame>
  )
}
