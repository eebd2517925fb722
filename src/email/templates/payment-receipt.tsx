import { Heading, Section, Text } from '@react-email/components'

import { EmailButton, EmailFrame } from './layout'

export type PaymentReceiptEmailProps = {
  greetingName: string | null
  businessName: string
  businessPhone: string
  amount: string
  method: string
  receivedOn: string
  number: string
  balance: string
  link: string | null
}

const row = { display: 'flex', justifyContent: 'space-between', margin: '4px 0' } as const

// What the customer paid, against which invoice, and what is left to pay.
export function PaymentReceiptEmail(p: PaymentReceiptEmailProps) {
  return (
    <EmailFrame preview={`Receipt from ${p.businessName}: ${p.amount} received`}>
      <Heading as="h1" style={{ fontSize: '20px', margin: 0 }}>
        {p.greetingName ? `Thank you, ${p.greetingName}` : 'Thank you'}
      </Heading>
      <Section style={{ marginTop: '16px' }}>
        <Text style={row}>Amount received: {p.amount}</Text>
        <Text style={row}>Paid by: {p.method}</Text>
        <Text style={row}>Date: {p.receivedOn}</Text>
        <Text style={row}>Invoice: {p.number}</Text>
        <Text style={{ ...row, fontWeight: 700 }}>Balance due: {p.balance}</Text>
      </Section>
      {p.link ? (
        <EmailButton href={p.link} tone="customer">
          View your invoice
        </EmailButton>
      ) : null}
      <Text style={{ marginTop: '24px' }}>Questions? Call us at {p.businessPhone}.</Text>
      <Text>{p.businessName}</Text>
    </EmailFrame>
  )
}
