'use client'

import { toast } from '@payloadcms/ui'
import { useRouter } from 'next/navigation'

import { ApiError, jsonInit, useApi } from './admin-fetch'
import { ConfirmButton } from './delete-button.client'

type CustomerLeadChoice = { id: number; name: string; when: string }

// A customer's request to delete their data: the leads with this e-mail or phone, listed by
// name and date before the owner confirms (phones match by their digits, so someone sharing
// the number is listed too), and exactly those are erased.
export function EraseCustomerButton({
  email,
  phone,
  leads,
}: {
  email: string
  phone: string | null
  leads: CustomerLeadChoice[]
}) {
  const { api } = useApi()
  const router = useRouter()

  async function erase() {
    try {
      const done = await api<{ erasedLeads: number; removedPhotos: number; notListed: number }>(
        '/leads/erase',
        jsonInit('POST', {
          email,
          ...(phone ? { phone } : {}),
          leads: leads.map((l) => l.id),
          confirm: true,
        }),
      )
      const kept = done.notListed
        ? ` ${done.notListed} lead(s) that came in since the list was shown were kept.`
        : ''
      toast.success('Customer data erased', {
        description: `${done.erasedLeads} lead(s) and ${done.removedPhotos} photo(s) erased.${kept}`,
      })
    } catch (err) {
      toast.error('Error', {
        description: err instanceof ApiError ? err.message : 'Failed to erase the data',
      })
    }
    router.refresh()
  }

  const which = leads.length === 1 ? 'This lead' : `These ${leads.length} leads`
  return (
    <ConfirmButton
      modalSlug="cbo-erase-customer"
      label="Erase customer data"
      heading="Erase this customer's data?"
      question={
        <>
          <p>
            {which} from {phone ? `${email} or ${phone}` : email} {leads.length === 1 ? 'loses' : 'lose'} the
            name, contact details, description and photos. The leads stay, anonymous, in the counts. This
            cannot be undone.
          </p>
          <ul className="cbo-erase-list" data-testid="erase-leads">
            {leads.map((lead) => (
              <li key={lead.id}>
                {lead.name} · {lead.when}
              </li>
            ))}
          </ul>
        </>
      }
      confirmLabel={leads.length === 1 ? 'Erase 1 lead' : `Erase ${leads.length} leads`}
      onConfirm={erase}
    />
  )
}
