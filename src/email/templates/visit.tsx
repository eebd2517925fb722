import { Heading, Text } from '@react-email/components'

import { EmailButton, EmailFrame } from './layout'

export type VisitEmailKind = 'confirmation' | 'reminder' | 'cancellation'

export type VisitEmailProps = {
  kind: VisitEmailKind
  // A confirmation of the new time of a visit the customer or staff moved.
  moved?: boolean
  greetingName: string | null
  businessName: string
  businessPhone: string
  when: string
  // Where the van goes, as the lead holds it now.
  address: string | null
  link: string
  // The quote's page, or the visit's own for a visit booked without a quote.
  linkTo?: 'quote' | 'visit'
}

const TITLES: Record<VisitEmailKind, (when: string, moved: boolean) => string> = {
  confirmation: (when, moved) => `Your visit is ${moved ? 'moved' : 'booked'}: ${when}`,
  reminder: (when) => `See you tomorrow: ${when}`,
  cancellation: (when) => `Your visit is cancelled: ${when}`,
}

// The booked visit, to the customer: when it is booked or moved (with the calendar event), the
// day before, and when it is cancelled (the event's cancellation). The quote's link, or the
// visit's own without a quote, is where to move, cancel or book again.
export function VisitEmail(p: VisitEmailProps) {
  const title = TITLES[p.kind](p.when, p.moved === true)
  const hi = p.greetingName ? `Hi ${p.greetingName}, ` : ''
  const page = p.linkTo === 'visit' ? 'the page of your visit' : 'your quote'
  return (
    <EmailFrame preview={title}>
      <Heading as="h1" style={{ fontSize: '20px', margin: 0 }}>
        {title}
      </Heading>
      {p.kind === 'cancellation' ? (
        <>
          <Text>
            {hi}
            {p.businessName} will not come {p.when}
            {p.address ? ` to ${p.address}` : ''}. The calendar event is cancelled too.
          </Text>
          <Text>
            To book another time, open {page}. Questions? Call or text {p.businessPhone}.
          </Text>
        </>
      ) : (
        <>
          <Text>
            {hi}
            {p.businessName} will come to you {p.when}
            {p.address ? ` at ${p.address}` : ''}.
            {p.kind === 'confirmation' ? ' The calendar invitation is attached.' : ''}
          </Text>
          <Text>
            To move or cancel the visit, open {page}. Questions? Call or text {p.businessPhone}.
          </Text>
        </>
      )}
      <EmailButton href={p.link} tone="plain">
        {p.linkTo === 'visit' ? 'Open your visit' : 'Open your quote'}
      </EmailButton>
    </EmailFrame>
  )
}
