'use client'

import { CheckboxInput, Pill, toast } from '@payloadcms/ui'
import { useRouter } from 'next/navigation'
import type { FormEvent } from 'react'

import type { Promotion } from '@/payload-types'
import type { PromotionFormValues } from '@/lib/promotion-form'
import {
  EMPTY_PROMOTION_FORM,
  formatDiscount,
  promotionFormValues,
  promotionRequestBody,
} from '@/lib/promotion-form'
import { formatBusinessDate } from '@/lib/business-time'
import { leadsHref } from '@/lib/lead-query'
import { usageText } from '@/lib/lead-source'
import { bannerColor } from '@/lib/promotions'

import { jsonInit, useApi } from './admin-fetch'
import { ActionButton } from './action-button.client'
import { DeleteButton } from './delete-button.client'
import { EditorActions } from './editor-actions.client'
import { useEditor } from './use-editor'

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
  const editor = useEditor<Promotion, PromotionFormValues>(EMPTY_PROMOTION_FORM, (p) =>
    promotionFormValues(p, timeZone),
  )
  const { editing, values, set } = editor
  const { api } = useApi()
  const router = useRouter()

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    void editor.save(async (open) => {
      const body = promotionRequestBody(values, timeZone)
      try {
        if (open.kind === 'edit') {
          await api(`/promotions/${open.item.id}?depth=0`, jsonInit('PATCH', body))
          toast.success('Success', { description: 'Promotion updated successfully' })
        } else {
          await api('/promotions?depth=0', jsonInit('POST', body))
          toast.success('Success', { description: 'Promotion created successfully' })
        }
        return true
      } catch (error) {
        toast.error('Error', { description: failure(error) })
        return false
      }
    })
  }

  async function remove(promotion: Promotion) {
    try {
      await api(`/promotions/${promotion.id}`, { method: 'DELETE' })
      toast.success('Success', { description: 'Promotion deleted successfully' })
      router.refresh()
    } catch {
      toast.error('Error', { description: 'Failed to delete promotion' })
    }
  }

  async function toggle(promotion: Promotion, isActive: boolean) {
    try {
      await api(`/promotions/${promotion.id}?depth=0`, jsonInit('PATCH', { isActive }))
      toast.success('Success', { description: 'Promotion updated successfully' })
      router.refresh()
    } catch (error) {
      toast.error('Error', { description: failure(error) })
    }
  }

  const preview = promotionRequestBody(values, timeZone)
  return (
    <div className="cbo-stack">
      <div className="cbo-toolbar">
        <h2>Promotions & Specials</h2>
        <ActionButton disabled={editor.isOpen} onClick={() => editor.open({ kind: 'create' })}>
          Add Promotion
        </ActionButton>
      </div>

      {editing.kind !== 'closed' ? (
        <form
          className="cbo-form"
          onSubmit={submit}
          aria-label={editing.kind === 'edit' ? 'Edit promotion' : 'New promotion'}
        >
          <h3>{editing.kind === 'edit' ? 'Edit Promotion' : 'New Promotion'}</h3>
          <label className="cbo-field">
            <span>Title *</span>
            <input required value={values.title} onChange={(e) => set('title', e.target.value)} />
          </label>
          <label className="cbo-field">
            <span>Description</span>
            <textarea value={values.description} onChange={(e) => set('description', e.target.value)} />
          </label>
          <div className="cbo-row">
            <label className="cbo-field">
              <span>Discount code</span>
              <input
                value={values.discountCode}
                onChange={(e) => set('discountCode', e.target.value.toUpperCase())}
                autoCapitalize="characters"
              />
            </label>
            <label className="cbo-field">
              <span>Discount type *</span>
              <select value={values.discountType} onChange={(e) => set('discountType', e.target.value)}>
                <option value="percentage">Percentage</option>
                <option value="fixed_amount">Fixed amount</option>
              </select>
            </label>
          </div>
          <div className="cbo-row">
            <label className="cbo-field">
              <span>Discount value *</span>
              <input
                type="number"
                step="any"
                min="0"
                required
                value={values.discountValue}
                onChange={(e) => set('discountValue', e.target.value)}
              />
            </label>
            <label className="cbo-field">
              <span>Minimum amount</span>
              <input
                type="number"
                step="any"
                min="0"
                value={values.minimumAmount}
                onChange={(e) => set('minimumAmount', e.target.value)}
              />
            </label>
          </div>
          <div className="cbo-row">
            <label className="cbo-field">
              <span>End date</span>
              <input
                type="datetime-local"
                value={values.endDate}
                onChange={(e) => set('endDate', e.target.value)}
              />
            </label>
            <label className="cbo-field">
              <span>Usage limit</span>
              <input
                type="number"
                min="0"
                step="1"
                placeholder="Unlimited"
                value={values.usageLimit}
                onChange={(e) => set('usageLimit', e.target.value)}
              />
            </label>
            {editing.kind === 'edit' ? (
              <label className="cbo-field">
                <span>Usage count</span>
                <input readOnly value={String(editing.item.usageCount ?? 0)} />
              </label>
            ) : null}
          </div>
          <div className="cbo-row">
            <label className="cbo-field cbo-field--grow">
              <span>Banner text</span>
              <input value={values.bannerText} onChange={(e) => set('bannerText', e.target.value)} />
            </label>
            <label className="cbo-field">
              <span>Banner color</span>
              <select value={values.bannerColor} onChange={(e) => set('bannerColor', e.target.value)}>
                <option value="primary">Primary</option>
                <option value="secondary">Secondary</option>
                <option value="gold">Gold</option>
              </select>
            </label>
          </div>
          <CheckboxInput
            id="promotion-active"
            label="Active"
            checked={values.isActive}
            onToggle={(e) => set('isActive', e.target.checked)}
          />
          <div
            className={`cbo-banner-preview cbo-banner-preview--${bannerColor(preview.bannerColor)}`}
            aria-label="Banner preview"
          >
            <span>{preview.bannerText || preview.title || 'Banner text'}</span>
            {preview.discountCode ? <strong> Code: {preview.discountCode}</strong> : null}
          </div>
          <EditorActions
            noun="Promotion"
            editing={editing.kind === 'edit'}
            saving={editor.saving}
            onCancel={editor.close}
          />
        </form>
      ) : null}

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
              <ActionButton
                look="secondary"
                disabled={editor.isOpen}
                onClick={() => editor.open({ kind: 'edit', item: p })}
              >
                Edit
              </ActionButton>
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
