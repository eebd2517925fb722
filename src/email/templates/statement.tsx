import { Heading, Section, Text } from '@react-email/components'

import { EmailButton, EmailFrame } from './layout'

export type StatementEmailProps = {
  businessName: string
  businessPhone: string
  dealershipName: string
  number: string
  month: string
  wheels: number
  credits: string | null
  total: string
  netTermsDays: number
  portalLink: string
}

// The dealership's monthly statement; the PDF, the CSV and the Excel workbook are attached.
export function StatementEmail(p: StatementEmailProps) {
  return (
    <EmailFrame preview={`Statement ${p.number} for ${p.month}: ${p.total}`}>
      <Heading as="h1" style={{ fontSize: '20px', margin: 0 }}>
        Statement {p.number}
      </Heading>
      <Text>
        {p.dealershipName}, here is your statement for {p.month}: {p.wheels}{' '}
        {p.wheels === 1 ? 'wheel' : 'wheels'} done.
      </Text>
      <Section>
        {p.credits ? <Text style={{ margin: '4px 0' }}>Credits: -{p.credits}</Text> : null}
        <Text style={{ margin: '4px 0', fontWeight: 700 }}>Total: {p.total}</Text>
        <Text style={{ margin: '4px 0' }}>Due within {p.netTermsDays} days.</Text>
      </Section>
      <Text>
        The statement is attached as a PDF, and for your spreadsheet as a CSV and an Excel workbook.
      </Text>
      <EmailButton href={p.portalLink} tone="plain">
        Open the partner portal
      </EmailButton>
      <Text style={{ marginTop: '24px' }}>Questions? Call us at {p.businessPhone}.</Text>
      <Text>{p.businessName}</Text>
    </EmailFrame>
  )
}
