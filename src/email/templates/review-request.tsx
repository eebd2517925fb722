import { Heading, Link, Text } from '@react-email/components'

import { EmailButton, EmailFrame } from './layout'

export type ReviewRequestEmailProps = {
  greetingName: string | null
  businessName: string
  reviewLink: string
  unsubscribeLink: string
}

// "Curbside Rim Co." already ends the sentence.
const endSentence = (name: string) => (/[.!?]$/.test(name) ? name : `${name}.`)

// The same words to every customer whose job was completed.
export function ReviewRequestEmail(p: ReviewRequestEmailProps) {
  return (
    <EmailFrame preview={`How did we do? A review helps ${p.businessName}`}>
      <Heading as="h1" style={{ fontSize: '20px', margin: 0 }}>
        {p.greetingName ? `Thanks, ${p.greetingName}!` : 'Thank you!'}
      </Heading>
      <Text>
        Thank you for choosing {endSentence(p.businessName)} How did we do? A short review helps other drivers
        find us.
      </Text>
      <EmailButton href={p.reviewLink} tone="customer">
        Leave a review
      </EmailButton>
      <Text style={{ marginTop: '24px', fontSize: '12px', color: '#6b7280' }}>
        Do not want these e-mails? <Link href={p.unsubscribeLink}>Stop review requests</Link>.
      </Text>
    </EmailFrame>
  )
}
