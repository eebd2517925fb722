import type {
  ArrayFieldValidation,
  CollectionBeforeChangeHook,
  CollectionConfig,
  NumberFieldSingleValidation,
} from 'payload'
import { array, number } from 'payload/shared'

import { admins } from '@/access/admins'
import { staffOrOwnDealershipRecord } from '@/access/staffOrOwnDealershipRecord'
import { moneyField } from '@/fields/money'
import { timestampFields } from '@/fields/timestamps'
import { defaultPriceList, WHEEL_SERVICES } from '@/lib/dealer-prices'
import { publishedOffers } from '@/globals/HomePage/publishedOffers'

import { invitePartnerForAdmins } from './endpoints/invitePartnerForAdmins'
import { keepWhileInUse } from './keepWhileInUse'

// Payload's own check (required, min, max) first, then whole numbers only.
const wholeNumber =
  (message: string): NumberFieldSingleValidation =>
  (value, args) => {
    const base = number(value, args)
    if (base !== true) return base
    return value == null || Number.isInteger(value) || message
  }

const onePricePerService: ArrayFieldValidation = (rows, args) => {
  const base = array(rows, args)
  if (base !== true) return base
  const services = Array.isArray(rows) ? rows.map((r) => (r as { service?: string }).service) : []
  return new Set(services).size === services.length || 'Each service can have one price only.'
}

// A dealership created without prices pays what the published home page asks.
const pricesFromPublishedOffers: CollectionBeforeChangeHook = async ({ data, operation, req }) => {
  if (operation !== 'create' || (Array.isArray(data.priceList) && data.priceList.length > 0)) return data
  return { ...data, priceList: defaultPriceList(await publishedOffers(req.payload, req)) }
}

// A dealer partner: its contacts and its own unit prices, in integer cents. Managed by admins;
// its partners read their own record (the portal shows their prices).
export const Dealerships: CollectionConfig = {
  slug: 'dealerships',
  admin: {
    group: 'Dealer partners',
    useAsTitle: 'name',
    // Few columns: the list fits a phone's width.
    defaultColumns: ['name', 'billingEmail', 'netTermsDays'],
  },
  access: { create: admins, read: staffOrOwnDealershipRecord, update: admins, delete: admins },
  endpoints: [invitePartnerForAdmins],
  hooks: { beforeChange: [pricesFromPublishedOffers], beforeDelete: [keepWhileInUse] },
  fields: [
    { name: 'name', type: 'text', required: true, maxLength: 200, index: true },
    {
      name: 'invitePartner',
      type: 'ui',
      admin: {
        position: 'sidebar',
        // Shown once the dealership is saved (the component needs its id).
        components: { Field: '@/components/admin/invite-partner.client#InvitePartner' },
      },
    },
    {
      name: 'address',
      type: 'textarea',
      maxLength: 500,
      admin: { description: 'The bill-to address on its statements.' },
    },
    { name: 'billingEmail', type: 'email', required: true },
    {
      name: 'contacts',
      type: 'array',
      maxRows: 20,
      fields: [
        { name: 'name', type: 'text', required: true, maxLength: 200 },
        { name: 'title', type: 'text', maxLength: 100 },
        { name: 'phone', type: 'text', maxLength: 40 },
        { name: 'email', type: 'email' },
      ],
    },
    // Who hears of the work: the dealership's partner accounts (src/jobs/SendWorkOrderProgress).
    // Two switches: on a whole lot sweep a dealership may want the order's e-mail, not each car's.
    {
      name: 'emailWhenCarDone',
      label: 'E-mail us when a car is done',
      type: 'checkbox',
      defaultValue: true,
    },
    {
      name: 'emailWhenWorkOrderDone',
      label: 'E-mail us when a work order is done',
      type: 'checkbox',
      defaultValue: true,
    },
    {
      name: 'netTermsDays',
      label: 'Net terms (days)',
      type: 'number',
      required: true,
      defaultValue: 30,
      min: 0,
      max: 120,
      validate: wholeNumber('Net terms are a whole number of days.'),
    },
    {
      name: 'priceList',
      type: 'array',
      admin: { description: 'Unit price per wheel. Empty at creation: the published prices.' },
      validate: onePricePerService,
      fields: [
        {
          name: 'service',
          type: 'select',
          required: true,
          options: WHEEL_SERVICES.map((s) => ({ value: s.key, label: s.title })),
        },
        moneyField({
          name: 'unitPriceCents',
          label: 'Unit price',
          required: true,
          min: 0,
          max: 10_000_000,
          validate: wholeNumber('A price is a whole number of cents.'),
        }),
      ],
    },
    ...timestampFields,
  ],
  timestamps: true,
}
