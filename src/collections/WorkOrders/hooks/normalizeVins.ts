import type { CollectionBeforeValidateHook } from 'payload'

import { normalizeVin } from '@/lib/vin'

// VINs are stored as they are printed (capitals, no spaces), so a search finds them.
export const normalizeVins: CollectionBeforeValidateHook = ({ data }) => {
  if (!data || !Array.isArray(data.vehicles)) return data
  return {
    ...data,
    vehicles: data.vehicles.map((v: { vin?: unknown }) =>
      typeof v?.vin === 'string' ? { ...v, vin: normalizeVin(v.vin) } : v,
    ),
  }
}
