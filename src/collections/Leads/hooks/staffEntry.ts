import type { CheckboxFieldValidation, CollectionAfterChangeHook, CollectionBeforeChangeHook } from 'payload'
import type { CollectionBeforeValidateHook } from 'payload'
import { checkbox } from 'payload/shared'

import { isApprovedStaff } from '@/access/isApprovedStaff'
import { recordLeadEvent } from '@/collections/LeadEvents/timeline'
import { MAIN_FORM_SERVICE } from '@/lib/catalog'
import type { Lead } from '@/payload-types'
import {
  PHONE_CONSENT_DETAIL,
  PHONE_CONSENT_NEEDS_PHONE,
  isGivenContact,
  noEmailAddress,
} from '@/lib/staff-lead'

const blank = (value: unknown) => typeof value !== 'string' || value.trim() === ''

// A lead typed in by staff keeps the columns the request forms always fill: what the customer
// did not give is stored empty, and a missing e-mail as an address that reaches nobody.
export const fillStaffLead: CollectionBeforeValidateHook<Lead> = ({ data, operation, req }) => {
  if (!data || operation !== 'create' || !isApprovedStaff(req.user)) return data
  if (blank(data.email) && isGivenContact(data.phone)) data.email = noEmailAddress(String(data.phone))
  for (const field of ['firstName', 'lastName', 'phone', 'description'] as const) data[field] ??= ''
  data.serviceType ??= MAIN_FORM_SERVICE.key
  return data
}

export const validatePhoneConsent: CheckboxFieldValidation = (value, args) => {
  const base = checkbox(value, args)
  if (base !== true || !value) return base
  return isGivenContact((args.siblingData as { phone?: unknown } | undefined)?.phone)
    ? true
    : PHONE_CONSENT_NEEDS_PHONE
}

// Who typed the lead in, and who recorded the customer's agreement to texts given by phone and
// when: from the session and the server's clock, whatever the request sent.
export const recordStaffEntry: CollectionBeforeChangeHook<Lead> = ({ data, originalDoc, operation, req }) => {
  if (!isApprovedStaff(req.user)) return data
  const next = { ...data }
  if (operation === 'create') next.enteredBy = req.user.id
  const was = Boolean(originalDoc?.textConsentByPhone)
  if ('textConsentByPhone' in data && Boolean(data.textConsentByPhone) !== was) {
    if (data.textConsentByPhone) {
      next.textConsentAt = new Date().toISOString()
      next.textConsentBy = req.user.id
    } else {
      next.textConsentAt = null
      next.textConsentBy = null
    }
  }
  return next
}

export const recordPhoneConsent: CollectionAfterChangeHook<Lead> = async ({ doc, previousDoc, req }) => {
  const now = Boolean(doc.textConsentByPhone)
  if (now === Boolean(previousDoc?.textConsentByPhone) || !isApprovedStaff(req.user)) return doc
  await recordLeadEvent(req.payload, req, {
    lead: doc.id,
    kind: now ? 'text_consent' : 'text_consent_withdrawn',
    text: PHONE_CONSENT_DETAIL,
    by: req.user.id,
  })
  return doc
}
