import { Body, Container, Head, Heading, Html, Preview, Section, Text } from '@react-email/components'

export type QuoteCustomerEmailProps = {
  businessName: string
  businessPhone: string
  firstName: string
  lastName: string
  phone: string
  email: string
  description: string
  serviceTitle: string
  photoCount: number
  replyHours: number
}

const label = { color: '#6b7280', fontSize: '12px', margin: '12px 0 0', textTransform: 'uppercase' as const }
const value = { color: '#111827', fontSize: '15px', margin: '2px 0 0', whiteSpace: 'pre-wrap' as const }

// To the customer: the reply promise and a copy of what they sent.
export function QuoteCustomerEmail(p: QuoteCustomerEmailProps) {
  return (
    <Html lang="en">
      <Head />
      <Preview>{`We received your ${p.serviceTitle} request`}</Preview>
      <Body style={{ backgroundColor: '#f3f4f6', fontFamily: 'Helvetica, Arial, sans-serif' }}>
        <Container style={{ backgroundColor: '#ffffff', padding: '24px', maxWidth: '560px' }}>
          <Heading as="h1" style={{ fontSize: '20px', margin: 0 }}>
            Thanks, {p.firstName}!
          </Heading>
          <Text>
            We received your {p.serviceTitle} request and will contact you within {p.replyHours} hours.
          </Text>
          <Section>
            <Text style={label}>Name</Text>
            <Text style={value}>
              {p.firstName} {p.lastName}
            </Text>
            <Text style={label}>Phone</Text>
            <Text style={value}>{p.phone}</Text>
            <Text style={label}>Email</Text>
            <Text style={value}>{p.email}</Text>
            <Text style={label}>Service</Text>
            <Text style={value}>{p.serviceTitle}</Text>
            <Text style={label}>Description</Text>
            <Text style={value}>{p.description}</Text>
            <Text style={label}>Photos</Text>
            <Text style={value}>{p.photoCount ? `${p.photoCount} received` : 'None'}</Text>
          </Section>
          <Text style={{ marginTop: '24px' }}>
            Questions in the meantime? Call us at {p.businessPhone}.
          </Text>
          <Text>{p.businessName}</Text>
        </Container>
      </Body>
    </Html>
  )
}
