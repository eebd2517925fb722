import { Heading, Text } from '@react-email/components'

import { EmailFrame } from './layout'

export type RequestReceivedEmailProps = {
  // Already checked by greetingName: null when the name could carry a message.
  greetingName: string | null
  serviceTitle: string
  photoCount: number
  businessName: string
  businessPhone: string
  replyHours: number
}

// Nothing else the visitor wrote: anyone can type someone else's address into the form.
export function RequestReceivedEmail(p: RequestReceivedEmailProps) {
  return (
    <EmailFrame preview={`We received your ${p.serviceTitle} request`}>
      <Heading as="h1" style={{ fontSize: '20px', margin: 0 }}>
        {p.greetingName ? `Thanks, ${p.greetingName}!` : 'Thanks!'}
      </Heading>
      <Text>
        We received your {p.serviceTitle} request
        {p.photoCount ? ` with ${p.photoCount} photo${p.photoCount === 1 ? '' : 's'}` : ''} and will contact
        you within {p.replyHours} hours.
      </Text>
      <Text>If you did not ask for a quote, you can ignore this e-mail.</Text>
      <Text style={{ marginTop: '24px' }}>Questions in the meantime? Call us at {p.businessPhone}.</Text>
      <Text>{p.businessName}</Text>
    </EmailFrame>
  )
}
