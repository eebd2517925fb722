import { Heading, Section, Text } from '@react-email/components'

import { EmailButton, EmailFrame } from './layout'

export type StatementReminderEmailProps = {
  businessName: string
  businessPhone: string
  dealershipName: string
  number: string
  month: string
  total: string
  paid: string | null
  balance: string
  dueDate: string
  portalLink: string
}

// The one reminder of a statement still owing after its due date.
export function StatementReminderEmail(p: StatementReminderEmailProps) {
  return (
    <EmailFrame preview={`Statement ${p.number} is overdue: ${p.balance} due`}>
      <Heading as="h1" style={{ fontSize: '20px', margin: 0 }}>
        Statement {p.number} is overdue
      </Heading>
      <Text>
        {p.dealershipName}, your statement for {p.month} was due on {p.dueDate} and is not paid in full yet.
      </Text>
      <Section>
        <Text style={{ margin: '4px 0' }}>Total: {p.total}</Text>
        {p.paid ? <Text style={{ margin: '4px 0' }}>Paid: {p.paid}</Text> : null}
        <Text style={{ margin: '4px 0', fontWeight: 700 }}>Balance due: {p.balance}</Text>
      </Section>
      <Text>If your payment is on its way, thank you, and please disregard this reminder.</Text>
      <EmailButton href={p.portalLink} tone="plain">
        See your statements
      </EmailButton>
      <Text style={{ marginTop: '24px' }}>Questions? Call us at {p.businessPhone}.</Text>
      <Text>{p.businessName}</Text>
    </EmailFrame>
  )
}
