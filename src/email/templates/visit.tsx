import { Heading, Text } from '@react-email/components'

import { EmailButton, EmailFrame } from './layout'

export type VisitEmailProps = {
  reminder: boolean
  greetingName: string | null
  businessName: string
  businessPhone: string
  when: string
  link: string
}

// The booked visit, to the customer: when it is booked (with a calendar invitation) and the
// day before. The quote's link is where to move or cancel it.
export function VisitEmail(p: VisitEmailProps) {
  const title = p.reminder ? `See you tomorrow: ${p.when}` : `Your visit is booked: ${p.when}`
  return (
    <EmailFrame preview={title}>
      <Heading as="h1" style={{ fontSize: '20px', margin: 0 }}>
        {title}
      </Heading>
      <Text>
        {p.greetingName ? `Hi ${p.greetingName}, ` : ''}
        {p.businessName} will come to you {p.when}.{p.reminder ? '' : ' The calendar invitation is attached.'}
      </Text>
      <Text>To move or cancel the visit, open your quote. Questions? Call or text {p.businessPhone}.</Text>
      <EmailButton href={p.link} tone="plain">
        Open your quote
      </EmailButton>
    </EmailFrame>
  )
}
