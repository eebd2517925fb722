import { Body, Button, Container, Head, Html, Preview, Section, Text } from '@react-email/components'
import type { ReactNode } from 'react'

export function EmailFrame({ preview, children }: { preview: string; children: ReactNode }) {
  return (
    <Html lang="en">
      <Head />
      <Preview>{preview}</Preview>
      <Body style={{ backgroundColor: '#f3f4f6', fontFamily: 'Helvetica, Arial, sans-serif' }}>
        <Container style={{ backgroundColor: '#ffffff', padding: '24px', maxWidth: '560px' }}>
          {children}
        </Container>
      </Body>
    </Html>
  )
}

// The e-mails' one call to action: gold for what a customer does, dark for the rest.
const BUTTON_COLOURS = {
  customer: { backgroundColor: '#c9a24b', color: '#111827' },
  plain: { backgroundColor: '#111827', color: '#ffffff' },
} as const

export function EmailButton({
  href,
  tone,
  children,
}: {
  href: string
  tone: keyof typeof BUTTON_COLOURS
  children: ReactNode
}) {
  return (
    <Button href={href} style={{ ...BUTTON_COLOURS[tone], padding: '12px 20px', borderRadius: '6px' }}>
      {children}
    </Button>
  )
}

export type RequestDetails = {
  firstName: string
  lastName: string
  phone: string
  email: string
  description: string
  serviceTitle: string
  // "$125 per rim": the price the visitor was shown, when the service has one.
  price?: string | null
  photoCount: number
}

const label = { color: '#6b7280', fontSize: '12px', margin: '12px 0 0', textTransform: 'uppercase' as const }
const value = { color: '#111827', fontSize: '15px', margin: '2px 0 0', whiteSpace: 'pre-wrap' as const }

// `photosText` replaces the whole photos line when a count and `photoWord` do not say it.
export function RequestSummary({
  request: p,
  photoWord,
  photosText,
  extra = [],
}: {
  request: RequestDetails
  photoWord: string
  photosText?: string
  // Rows only one audience reads (the business: promo code and source).
  extra?: [string, string][]
}) {
  const rows: [string, string][] = [
    ['Name', `${p.firstName} ${p.lastName}`],
    ['Phone', p.phone],
    ['Email', p.email],
    ['Service', p.serviceTitle],
    ...(p.price ? [['Price', p.price] as [string, string]] : []),
    ['Description', p.description],
    ['Photos', photosText ?? (p.photoCount ? `${p.photoCount} ${photoWord}` : 'None')],
    ...extra,
  ]
  return (
    <Section>
      {rows.map(([name, text]) => (
        <div key={name}>
          <Text style={label}>{name}</Text>
          <Text style={value}>{text}</Text>
        </div>
      ))}
    </Section>
  )
}
