import { Heading, Section, Text } from '@react-email/components'

import { EmailButton, EmailFrame } from './layout'

export type InvoiceEmailLine = { description: string; quantity: number; amount: string }

export type InvoiceEmailProps = {
  greetingName: string | null
  businessName: string
  businessPhone: string
  number: string
  lines: InvoiceEmailLine[]
  discount: string | null
  total: string
  deposit: string | null
  balance: string
  note: string | null
  link: string
  cardsOnline: boolean
  // A reminder of an invoice still unpaid days after it was sent.
  reminder?: boolean
}

const row = { display: 'flex', justifyContent: 'space-between', margin: '4px 0' } as const

// The invoice in writing, and the one link to see it and pay what is owed.
export function InvoiceEmail(p: InvoiceEmailProps) {
  return (
    <EmailFrame
      preview={`${p.reminder ? 'Reminder: invoice' : 'Invoice'} ${p.number} from ${p.businessName}: ${p.balance} due`}
    >
      <Heading as="h1" style={{ fontSize: '20px', margin: 0 }}>
        {`${p.reminder ? 'A reminder about your invoice' : 'Your invoice'}${p.greetingName ? `, ${p.greetingName}` : ''}`}
      </Heading>
      <Text>
        {p.reminder
          ? `Invoice ${p.number} is still unpaid: ${p.balance} is due. If you have paid it already, thank you, and please ignore this reminder.`
          : `Invoice ${p.number}`}
      </Text>
      <Section style={{ marginTop: '16px' }}>
        {p.lines.map((line, i) => (
          <Text key={i} style={row}>
            {line.quantity > 1 ? `${line.quantity} × ` : ''}
            {line.description}: {line.amount}
          </Text>
        ))}
        {p.discount ? <Text style={row}>Discount: −{p.discount}</Text> : null}
        <Text style={row}>Total: {p.total}</Text>
        {p.deposit ? <Text style={row}>Deposit paid: −{p.deposit}</Text> : null}
        <Text style={{ ...row, fontWeight: 700 }}>Balance due: {p.balance}</Text>
      </Section>
      {p.note ? <Text style={{ whiteSpace: 'pre-wrap' }}>{p.note}</Text> : null}
      <EmailButton href={p.link} tone="customer">
        {p.cardsOnline ? 'View and pay your invoice' : 'View your invoice'}
      </EmailButton>
      <Text style={{ marginTop: '24px' }}>Questions? Call us at {p.businessPhone}.</Text>
      <Text>{p.businessName}</Text>
    </EmailFrame>
  )
}
