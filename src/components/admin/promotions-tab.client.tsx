'use client'

import * as Switch from '@radix-ui/react-switch'
import { toast } from '@payloadcms/ui'
import { useState } from 'react'
import type { FormEvent } from 'react'

import type { Promotion } from '@/payload-types'
import type { PromotionFormValues } from '@/lib/admin-format'
import {
  EMPTY_PROMOTION_FORM,
  formatDiscount,
  promotionFormValues,
  promotionRequestBody,
} from '@/lib/admin-format'
import { bannerColor } from '@/lib/promotions'

import { useApiPage } from './use-api-page'
import { apiFetch, jsonInit } from './admin-fetch'

type Editing = { kind: 'closed' } | { kind: 'create' } | { kind: 'edit'; promotion: Promotion }

function endDateText(iso: string | null | undefined): string {
  return iso ? new Date(iso).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' }) : 'No end date'
}

function ActiveSwitch(props: { checked: boolean; onChange: (v: boolean) => void; label: string; disabled?: boolean }) {
  return (
    <Switch.Root
      className="cbo-switch"
      checked={props.checked}
      onCheckedChange={props.onChange}
      aria-label={props.label}
      disabled={props.disabled}
    >
      <Switch.Thumb className="cbo-switch__thumb" />
    </Switch.Root>
  )
}

export function PromotionsTab() {
  const [editing, setEditing] = useState<Editing>({ kind: 'closed' })
  const [values, setValues] = useState<PromotionFormValues>(EMPTY_PROMOTION_FORM)
  const [saving, setSaving] = useState(false)

  const { data, reload: load } = useApiPage<Promotion>(
    '/api/promotions?sort=-createdAt&depth=0&limit=200',
    'Failed to fetch promotions',
  )
  const promotions = data?.docs ?? null

  const formOpen = editing.kind !== 'closed'
  const set = <K extends keyof PromotionFormValues>(key: K, value: PromotionFormValues[K]) =>
    setValues((v) => ({ ...v, [key]: value }))

  function open(next: Editing) {
    setEditing(next)
    setValues(next.kind === 'edit' ? promotionFormValues(next.promotion) : EMPTY_PROMOTION_FORM)
  }

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    setSaving(true)
    const body = promotionRequestBody(values)
    try {
      if (editing.kind === 'edit') {
        await apiFetch(`/api/promotions/${editing.promotion.id}?depth=0`, jsonInit('PATCH', body))
        toast.success('Success', { description: 'Promotion updated successfully' })
      } else {
        await apiFetch('/api/promotions?depth=0', jsonInit('POST', body))
        toast.success('Success', { description: 'Promotion created successfully' })
      }
      setEditing({ kind: 'closed' })
      load()
    } catch (error) {
      toast.error('Error', { description: error instanceof Error && error.message ? error.message : 'Failed to save promotion' })
    }
    setSaving(false)
  }

  async function remove(promotion: Promotion) {
    if (!window.confirm('Are you sure you want to delete this promotion?')) return
    try {
      await apiFetch(`/api/promotions/${promotion.id}`, { method: 'DELETE' })
      toast.success('Success', { description: 'Promotion deleted successfully' })
      load()
    } catch {
      toast.error('Error', { description: 'Failed to delete promotion' })
    }
  }

  async function toggle(promotion: Promotion, isActive: boolean) {
    try {
      await apiFetch(`/api/promotions/${promotion.id}?depth=0`, jsonInit('PATCH', { isActive }))
      toast.success('Success', { description: 'Promotion updated successfully' })
      load()
    } catch (error) {
      toast.error('Error', { description: error instanceof Error && error.message ? error.message : 'Failed to save promotion' })
    }
  }

  const preview = promotionRequestBody(values)
  return (
    <div className="cbo-stack">
      <div className="cbo-toolbar">
        <h2>Promotions & Specials</h2>
        <button type="button" className="cbo-btn" disabled={formOpen} onClick={() => open({ kind: 'create' })}>
          Add Promotion
        </button>
      </div>

      {formOpen ? (
        <form className="cbo-form" onSubmit={save} aria-label={editing.kind === 'edit' ? 'Edit promotion' : 'New promotion'}>
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
              <input type="datetime-local" value={values.endDate} onChange={(e) => set('endDate', e.target.value)} />
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
                <input readOnly value={String(editing.promotion.usageCount ?? 0)} />
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
          <div className="cbo-inline">
            <ActiveSwitch checked={values.isActive} onChange={(v) => set('isActive', v)} label="Active" />
            <span>Active</span>
          </div>
          <div className={`cbo-banner-preview cbo-banner-preview--${bannerColor(preview.bannerColor)}`} aria-label="Banner preview">
            <span>{preview.bannerText || preview.title || 'Banner text'}</span>
            {preview.discountCode ? <strong> Code: {preview.discountCode}</strong> : null}
          </div>
          <div className="cbo-inline">
            <button type="submit" className="cbo-btn" disabled={saving}>
              {editing.kind === 'edit' ? 'Update Promotion' : 'Create Promotion'}
            </button>
            <button type="button" className="cbo-btn cbo-btn--outline" onClick={() => setEditing({ kind: 'closed' })}>
              Cancel
            </button>
          </div>
        </form>
      ) : null}

      {promotions && promotions.length === 0 ? <p className="cbo-empty">No promotions yet.</p> : null}
      <ul className="cbo-list" aria-label="Promotions">
        {promotions?.map((p) => (
          <li key={p.id} className="cbo-card" data-testid="promotion">
            <div className="cbo-card__head">
              <h3>{p.title}</h3>
              <span className={`cbo-badge ${p.isActive ? 'cbo-badge--completed' : 'cbo-badge--inactive'}`}>
                {p.isActive ? 'Active' : 'Inactive'}
              </span>
            </div>
            <p className="cbo-meta">
              {p.discountCode ? <code>{p.discountCode}</code> : 'No code'} · {formatDiscount(p.discountType, p.discountValue)} ·{' '}
              {endDateText(p.endDate)}
            </p>
            <div className="cbo-inline">
              <ActiveSwitch
                checked={p.isActive === true}
                onChange={(v) => toggle(p, v)}
                label={`Active: ${p.title}`}
              />
              <button
                type="button"
                className="cbo-btn cbo-btn--outline"
                disabled={formOpen}
                onClick={() => open({ kind: 'edit', promotion: p })}
              >
                Edit
              </button>
              <button type="button" className="cbo-btn cbo-btn--danger" onClick={() => remove(p)}>
                Delete
              </button>
            </div>
          </li>
        ))}
      </ul>
    </div>
  )
}
