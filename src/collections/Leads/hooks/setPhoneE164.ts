import type { FieldHook } from 'payload'

import type { Lead } from '@/payload-types'
import { phoneMatchKey } from '@/lib/text-messages'

// Always derived from the phone (the one sent, else the stored one), whatever the write sent
// for the key itself: received texts find their number's lead through it.
export const setPhoneE164: FieldHook<Lead, string | null | undefined, Partial<Lead>> = ({
  siblingData,
  originalDoc,
}) => phoneMatchKey('phone' in siblingData ? siblingData.phone : originalDoc?.phone) ?? null
