'use client'

// Placeholder with the final API: the quote-request pipeline replaces the body.
export type QuoteFormProps = {
  serviceType: string
  serviceTitle: string
  allowPhotos?: boolean
  onSubmitted?: () => void
}

export function QuoteForm({ serviceType, allowPhotos = false }: QuoteFormProps) {
  return (
    <form data-service-type={serviceType} className="grid gap-3">
      <input name="firstName" aria-label="First name" required />
      <input name="lastName" aria-label="Last name" required />
      <input name="phone" type="tel" aria-label="Phone" required />
      <input name="email" type="email" aria-label="Email" required />
      <textarea name="description" aria-label="Description" required />
      {allowPhotos ? <input name="photos" type="file" accept="image/*" multiple aria-label="Photos" /> : null}
      <button type="submit">Submit Request</button>
    </form>
  )
}
