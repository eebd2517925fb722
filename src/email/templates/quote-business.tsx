import { Heading, Link, Text } from '@react-email/components'

import { EmailFrame, type QuoteRequestSummary, RequestSummary } from './quote-layout'

export type QuoteBusinessEmailProps = QuoteRequestSummary & { adminUrl: string }

// To the business: everything the customer sent, the photos attached, a link to the lead.
export function QuoteBusinessEmail(p: QuoteBusinessEmailProps) {
  return (
    <EmailFrame preview={`New ${p.serviceTitle} quote request from ${p.firstName} ${p.lastName}`}>
      <Heading as="h1" style={{ fontSize: '20px', margin: 0 }}>
        New quote request: {p.serviceTitle}
      </Heading>
      <RequestSummary request={p} photoWord="attached" />
      <Text style={{ marginTop: '24px' }}>
        <Link href={p.adminUrl}>Open this lead in the back office</Link>
      </Text>
    </EmailFrame>
  )
}
