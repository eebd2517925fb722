import type { Metadata } from 'next'

import { ImportList } from '@/components/partners/import-list.client'
import { NewWorkOrderForm } from '@/components/partners/new-work-order.client'
import { PortalFrame } from '@/components/partners/portal-frame'
import { requirePartner } from '@/data/partner-portal'

export const dynamic = 'force-dynamic'

export const metadata: Metadata = {
  title: 'New work order',
  robots: { index: false, follow: false },
}

export default async function NewWorkOrderPage() {
  const { dealership } = await requirePartner()
  return (
    <PortalFrame dealershipName={dealership.name}>
      <h1 className="text-2xl font-bold">New work order</h1>
      <div className="mt-4">
        <NewWorkOrderForm />
      </div>
      <details className="mt-8 rounded-lg bg-white p-4 shadow-sm">
        <summary className="cursor-pointer font-semibold">Many cars? Paste a list or CSV</summary>
        <div className="mt-3">
          <ImportList />
        </div>
      </details>
    </PortalFrame>
  )
}
