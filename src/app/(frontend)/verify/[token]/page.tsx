import type { Metadata } from 'next'

import { VerifyEmail } from '@/components/login/verify-email.client'

export const metadata: Metadata = {
  title: 'Confirm your e-mail',
  robots: { index: false, follow: false },
}

type Props = { params: Promise<{ token: string }> }

// Confirming is a POST made by the page, so mail scanners that merely fetch the link do not
// consume the token.
export default async function VerifyPage({ params }: Props) {
  const { token } = await params
  return (
    <main className="bg-ink flex min-h-dvh items-center justify-center px-4 py-10">
      <VerifyEmail token={token} />
    </main>
  )
}
