'use client'

import { CheckboxInput, Pill, toast } from '@payloadcms/ui'
import { useRouter } from 'next/navigation'
import { useState } from 'react'

import type { Promotion } from '@/payload-types'
import { formatBusinessDate } from '@/lib/business-time'
import { leadsHref } from '@/lib/lead-query'
import { usageText } from '@/lib/lead-source'
import { formatDiscount } from '@/lib/promotions'

import { jsonInit, useApi } from './admin-fetch'
import { CollectionDrawerButton } from './collection-drawer.client'
import { DeleteButton } from './delete-button.client'

const NOTICES = {
  created: 'Promotion created successfully',
  updated: 'Promotion updated successfully',
  deleted: 'Promotion deleted successfully',
}

const failure = (error: unknown) =>
  error instanceof Error && error.message ? error.message : 'Failed to save promotion'

export function PromotionsTabClient({
  promotions,
  timeZone,
  bannerId,
  scheduled,
}: {
  promotions: Promotion[] | null
  timeZone: string
  bannerId: number | null
  // Draft promotion id → when the job queue publishes it.
  scheduled: Record<string, string>
}) {
  const [formOpen, setFormOpen] = useState(false)
  const { api } = useApi()
  const router = useRouter()

  async function remove(promotion: Promotion) {
    try {
      await api(`/promotions/${promotion.id}`, { method: 'DELETE' })
      toast.success('Success', { description: NOTICES.deleted })
      router.refresh()
    } catch {
      toast.error('Error', { description: 'Failed to delete promotion' })
    }
  }

  async function toggle(promotion: Promotion, isActive: boolean) {
    try {
      await api(`/promotions/${promotion.id}?depth=0`, jsonInit('PATCH', { isActive }))
      toast.success('Success', { description: NOTICES.updated })
      router.refresh()
    } catch (error) {
      toast.error('Error', { description: failure(error) })
    }
  }

  return (
    <div className="cbo-stack">
      <div className="cbo-toolbar">
        <h2>Promotions & Specials</h2>
        <CollectionDrawerButton
          collectionSlug="promotions"
          label="Add Promotion"
          disabled={formOpen}
          notices={NOTICES}
          onOpenChange={setFormOpen}
        />
      </div>

      {promotions && promotions.length === 0 ? <p className="cbo-empty">No promotions yet.</p> : null}
      <ul className="cbo-list" aria-label="Promotions">
        {promotions?.map((p) => (
          <li key={p.id} className="cbo-card" data-testid="promotion">
            <div className="cbo-card__head">
              <h3>{p.title}</h3>
              <Pill pillStyle={p.isActive ? 'success' : 'light-gray'} size="small" className="cbo-status">
                {p.isActive ? 'Active' : 'Inactive'}
              </Pill>
              {p._status === 'draft' ? (
                <Pill pillStyle="light" size="small" className="cbo-draft">
                  {scheduled[String(p.id)]
                    ? `Scheduled for ${formatBusinessDate(scheduled[String(p.id)], timeZone)}`
                    : 'Draft'}
                </Pill>
              ) : null}
              {p.endDate && new Date(p.endDate) <= new Date() ? (
                <Pill pillStyle="light-gray" size="small" className="cbo-ended">
                  Ended
                </Pill>
              ) : null}
              {p.id === bannerId ? (
                <Pill pillStyle="warning" size="small" className="cbo-on-banner">
                  On the banner now
                </Pill>
              ) : null}
            </div>
            <p className="cbo-meta">
              {p.discountCode ? <code>{p.discountCode}</code> : 'No code'} ·{' '}
              {formatDiscount(p.discountType, p.discountValue)} ·{' '}
              {p.endDate ? formatBusinessDate(p.endDate, timeZone, { time: false }) : 'No end date'}
            </p>
            <p className="cbo-meta" data-testid="promotion-usage">
              {usageText(p.usageCount, p.usageLimit)} ·{' '}
              <a href={leadsHref({ promotion: String(p.id) })}>Leads with this code</a>
            </p>
            <div className="cbo-inline">
              <CheckboxInput
                id={`promotion-active-${p.id}`}
                label="Active"
                checked={p.isActive === true}
                onToggle={(e) => toggle(p, e.target.checked)}
              />
              <CollectionDrawerButton
                collectionSlug="promotions"
                id={p.id}
                label="Edit"
                look="secondary"
                disabled={formOpen}
                notices={NOTICES}
                onOpenChange={setFormOpen}
              />
              <DeleteButton
                modalSlug={`delete-promotion-${p.id}`}
                question="Are you sure you want to delete this promotion?"
                onConfirm={() => remove(p)}
              />
            </div>
          </li>
        ))}
      </ul>
    </div>
  )
}
