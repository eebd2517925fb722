'use client'

import { toast } from '@payloadcms/ui'
import { useRouter } from 'next/navigation'

import { ApiError, jsonInit, useApi } from './admin-fetch'
import { ConfirmButton } from './delete-button.client'

// A customer's request to delete their data: every lead with this e-mail or phone.
export function EraseCustomerButton({ email, phone }: { email: string; phone: string }) {
  const { api } = useApi()
  const router = useRouter()

  async function erase() {
    try {
      const done = await api<{ erasedLeads: number; removedPhotos: number }>(
        '/leads/erase',
        jsonInit('POST', { email, phone, confirm: true }),
      )
      toast.success('Customer data erased', {
        description: `${done.erasedLeads} lead(s) and ${done.removedPhotos} photo(s) erased.`,
      })
      router.refresh()
    } catch (err) {
      toast.error('Error', {
        description: err instanceof ApiError ? err.message : 'Failed to erase the data',
      })
    }
  }

  return (
    <ConfirmButton
      modalSlug="cbo-erase-customer"
      label="Erase customer data"
      heading="Erase this customer's data?"
      question={`Every lead from ${email} or ${phone} loses the name, contact details, description and photos. The leads stay, anonymous, in the counts. This cannot be undone.`}
      confirmLabel="Erase"
      onConfirm={erase}
    />
  )
}
