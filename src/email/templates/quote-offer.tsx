import { Heading, Section, Text } from '@react-email/components'

import { EmailButton, EmailFrame } from './layout'

export type QuoteOfferLine = { description: string; quantity: number; amount: string }

export type QuoteOfferEmailProps = {
  greetingName: string | null
  businessName: string
  businessPhone: string
  lines: QuoteOfferLine[]
  deliveryFee: string | null
  discount: string | null
  total: string
  validUntil: string
  note: string | null
  link: string
}

const row = { display: 'flex', justifyContent: 'space-between', margin: '4px 0' } as const

// The quote in writing, and the one link to accept it or ask for changes.
export function QuoteOfferEmail(p: QuoteOfferEmailProps) {
  return (
    <EmailFrame preview={`Your quote from ${p.businessName}: ${p.total}`}>
      <Heading as="h1" style={{ fontSize: '20px', margin: 0 }}>
        {p.greetingName ? `Your quote, ${p.greetingName}` : 'Your quote'}
      </Heading>
      <Section style={{ marginTop: '16px' }}>
        {p.lines.map((line, i) => (
          <Text key={i} style={row}>
            {line.quantity > 1 ? `${line.quantity} × ` : ''}
            {line.description}: {line.amount}
          </Text>
        ))}
        {p.deliveryFee ? <Text style={row}>Delivery fee (fewer than two rims): {p.deliveryFee}</Text> : null}
        {p.discount ? <Text style={row}>Discount: −{p.discount}</Text> : null}
        <Text style={{ ...row, fontWeight: 700 }}>Total: {p.total}</Text>
      </Section>
      {p.note ? <Text style={{ whiteSpace: 'pre-wrap' }}>{p.note}</Text> : null}
      <Text>Valid until {p.validUntil}.</Text>
      <EmailButton href={p.link} tone="customer">
        View and accept your quote
      </EmailButton>
      <Text style={{ marginTop: '24px' }}>Questions? Call us at {p.businessPhone}.</Text>
      <Text>{p.businessName}</Text>
    </EmailFrame>
  )
}
