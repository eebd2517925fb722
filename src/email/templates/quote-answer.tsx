import { Heading, Text } from '@react-email/components'

import { EmailButton, EmailFrame } from './layout'

export type QuoteAnswerEmailProps = {
  accepted: boolean
  customer: string
  phone: string
  total: string
  answeredAt: string
  changeRequest: string | null
  leadLink: string
}

// The business hears at once when a customer accepts a quote or asks for changes.
export function QuoteAnswerEmail(p: QuoteAnswerEmailProps) {
  const title = p.accepted ? `Quote accepted: ${p.customer}, ${p.total}` : `Changes requested: ${p.customer}`
  return (
    <EmailFrame preview={title}>
      <Heading as="h1" style={{ fontSize: '20px', margin: 0 }}>
        {title}
      </Heading>
      <Text>
        {p.accepted ? 'Accepted' : 'Asked for changes'} on {p.answeredAt}. Phone: {p.phone}.
      </Text>
      {p.changeRequest ? <Text style={{ whiteSpace: 'pre-wrap' }}>{p.changeRequest}</Text> : null}
      <EmailButton href={p.leadLink} tone="plain">
        Open the lead
      </EmailButton>
    </EmailFrame>
  )
}
