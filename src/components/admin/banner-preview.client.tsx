'use client'

import { useFormFields } from '@payloadcms/ui'

import { bannerColor, normalizeDiscountCode } from '@/lib/promotions'

import './banner-preview.css'

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '')

// The site's banner as this promotion would show it, from the form's unsaved values.
export function BannerPreview() {
  const title = useFormFields(([fields]) => fields.title?.value)
  const bannerText = useFormFields(([fields]) => fields.bannerText?.value)
  const color = useFormFields(([fields]) => fields.bannerColor?.value)
  const code = normalizeDiscountCode(useFormFields(([fields]) => fields.discountCode?.value))
  return (
    <div
      className={`field-type cbo-banner-preview cbo-banner-preview--${bannerColor(color)}`}
      aria-label="Banner preview"
    >
      <span>{text(bannerText) || text(title) || 'Banner text'}</span>
      {code ? <strong> Code: {code}</strong> : null}
    </div>
  )
}
