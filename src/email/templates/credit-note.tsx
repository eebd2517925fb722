import { Heading, Section, Text } from '@react-email/components'

import { EmailButton, EmailFrame } from './layout'

export type CreditNoteEmailProps = {
  greetingName: string | null
  businessName: string
  businessPhone: string
  number: string
  invoiceNumber: string
  lines: { description: string; quantity: number; amount: string }[]
  total: string
  balance: string
  link: string | null
}

const row = { display: 'flex', justifyContent: 'space-between', margin: '4px 0' } as const

// A correction of a sent invoice: what is taken back, and what the invoice still asks for.
export function CreditNoteEmail(p: CreditNoteEmailProps) {
  return (
    <EmailFrame preview={`Credit note ${p.number} from ${p.businessName}: ${p.total} credited`}>
      <Heading as="h1" style={{ fontSize: '20px', margin: 0 }}>
        {p.greetingName ? `A credit on your invoice, ${p.greetingName}` : 'A credit on your invoice'}
      </Heading>
      <Text>
        Credit note {p.number}, correcting invoice {p.invoiceNumber}
      </Text>
      <Section style={{ marginTop: '16px' }}>
        {p.lines.map((line, i) => (
          <Text key={i} style={row}>
            {line.quantity > 1 ? `${line.quantity} × ` : ''}
            {line.description}: {line.amount}
          </Text>
        ))}
        <Text style={row}>Credited: {p.total}</Text>
        <Text style={{ ...row, fontWeight: 700 }}>
          Balance due on invoice {p.invoiceNumber}: {p.balance}
        </Text>
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
