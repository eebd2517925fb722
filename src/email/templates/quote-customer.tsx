import { Heading, Text } from '@react-email/components'

import { EmailFrame, type QuoteRequestSummary, RequestSummary } from './quote-layout'

export type QuoteCustomerEmailProps = QuoteRequestSummary & {
  businessName: string
  businessPhone: string
  replyHours: number
}

// To the customer: the reply promise and a copy of what they sent.
export function QuoteCustomerEmail(p: QuoteCustomerEmailProps) {
  return (
    <EmailFrame preview={`We received your ${p.serviceTitle} request`}>
      <Heading as="h1" style={{ fontSize: '20px', margin: 0 }}>
        Thanks, {p.firstName}!
      </Heading>
      <Text>
        We received your {p.serviceTitle} request and will contact you within {p.replyHours} hours.
      </Text>
      <RequestSummary request={p} photoWord="received" />
      <Text style={{ marginTop: '24px' }}>Questions in the meantime? Call us at {p.businessPhone}.</Text>
      <Text>{p.businessName}</Text>
    </EmailFrame>
  )
}
