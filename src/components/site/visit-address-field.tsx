import { ADDRESS_MAX } from '@/lib/request-constants'

// Where the van goes, in the booking form: required by the browser (before any script) and by
// the server; filled in with the address the customer gave, which they may correct.
export function VisitAddressField({ address }: { address: string | null }) {
  return (
    <div className="grid gap-2">
      <label htmlFor="visit-address" className="font-semibold">
        Street address
      </label>
      <p id="visit-address-hint" className="text-ink/80 text-sm">
        Where should we come? For example: 1234 S Congress Ave, Austin
      </p>
      <input
        id="visit-address"
        name="address"
        type="text"
        autoComplete="street-address"
        required
        maxLength={ADDRESS_MAX}
        defaultValue={address ?? ''}
        aria-describedby="visit-address-hint"
        className="border-ink/20 min-h-11 rounded-lg border px-3"
      />
    </div>
  )
}
