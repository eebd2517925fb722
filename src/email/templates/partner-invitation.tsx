import { Heading, Text } from '@react-email/components'

import { EmailButton, EmailFrame } from './layout'

export type PartnerInvitationEmailProps = {
  dealershipName: string
  businessName: string
  link: string
  validDays: number
}

// An admin's invitation: the link sets the partner's password and opens the portal.
export function PartnerInvitationEmail(p: PartnerInvitationEmailProps) {
  return (
    <EmailFrame preview={`Your ${p.businessName} partner portal account for ${p.dealershipName}`}>
      <Heading as="h1" style={{ fontSize: '20px', margin: 0 }}>
        Welcome to the {p.businessName} partner portal
      </Heading>
      <Text>
        An account has been opened for you at {p.dealershipName}: send us your cars&apos; wheels by stock
        number, follow each car to done with its photos, and find your monthly statements.
      </Text>
      <EmailButton href={p.link} tone="plain">
        Set your password
      </EmailButton>
      <Text style={{ fontSize: '12px', color: '#6b7280' }}>
        The link works for {p.validDays} days. Afterwards, sign in at the same site with your e-mail address
        and the password you chose.
      </Text>
    </EmailFrame>
  )
}
