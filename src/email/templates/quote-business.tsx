import { Body, Container, Head, Heading, Html, Link, Preview, Section, Text } from '@react-email/components'

export type QuoteBusinessEmailProps = {
  firstName: string
  lastName: string
  phone: string
  email: string
  description: string
  serviceTitle: string
  photoCount: number
  adminUrl: string
}

const label = { color: '#6b7280', fontSize: '12px', margin: '12px 0 0', textTransform: 'uppercase' as const }
const value = { color: '#111827', fontSize: '15px', margin: '2px 0 0', whiteSpace: 'pre-wrap' as const }

// To the business: everything the customer sent, the photos attached, a link to the lead.
export function QuoteBusinessEmail(p: QuoteBusinessEmailProps) {
  return (
    <Html lang="en">
      <Head />
      <Preview>{`New ${p.serviceTitle} quote request from ${p.firstName} ${p.lastName}`}</Preview>
      <Body style={{ backgroundColor: '#f3f4f6', fontFamily: 'Helvetica, Arial, sans-serif' }}>
        <Container style={{ backgroundColor: '#ffffff', padding: '24px', maxWidth: '560px' }}>
          <Heading as="h1" style={{ fontSize: '20px', margin: 0 }}>
            New quote request: {p.serviceTitle}
          </Heading>
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
            <Text style={value}>{p.photoCount ? `${p.photoCount} attached` : 'None'}</Text>
          </Section>
          <Text style={{ marginTop: '24px' }}>
            <Link href={p.adminUrl}>Open this lead in the back office</Link>
          </Text>
        </Container>
      </Body>
    </Html>
  )
}
