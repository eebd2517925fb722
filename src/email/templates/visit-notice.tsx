import { Heading, Text } from '@react-email/components'

import { EmailButton, EmailFrame } from './layout'

export type VisitChange = 'booked' | 'moved' | 'cancelled'

export type VisitNoticeEmailProps = {
  change: VisitChange
  customer: string
  phone: string
  address: string | null
  when: string
  leadLink: string
}

export const visitNoticeTitle = (p: Pick<VisitNoticeEmailProps, 'change' | 'customer' | 'when'>) =>
  p.change === 'moved'
    ? `Visit moved: ${p.customer}, now ${p.when}`
    : `Visit ${p.change}: ${p.customer}, ${p.when}`

// The business hears at once when a customer books, moves or cancels a visit from their link.
export function VisitNoticeEmail(p: VisitNoticeEmailProps) {
  const title = visitNoticeTitle(p)
  return (
    <EmailFrame preview={title}>
      <Heading as="h1" style={{ fontSize: '20px', margin: 0 }}>
        {title}
      </Heading>
      <Text>
        {p.change === 'cancelled' ? 'The slot is open again.' : 'It is on the van\u2019s day.'} Phone:{' '}
        {p.phone}.
      </Text>
      {p.address ? <Text>Address: {p.address}</Text> : null}
      <EmailButton href={p.leadLink} tone="plain">
        Open the lead
      </EmailButton>
    </EmailFrame>
  )
}
