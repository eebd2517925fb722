import type { CollectionConfig } from 'payload'

import { approvedStaff } from '@/access/approvedStaff'
import { nobody } from '@/access/nobody'
import { timestampFields } from '@/fields/timestamps'

import { bookVisitForStaff } from './endpoints/bookVisitForStaff'
import { cancelVisitForStaff } from './endpoints/cancelVisitForStaff'

// A booked visit of the van: a place (one van) in one slot. Booked, moved and cancelled only
// through bookings.ts, whose INSERT the database's unique index on (start, van) among visits
// not cancelled settles: two bookings of the last place cannot both land.
export const Visits: CollectionConfig = {
  slug: 'visits',
  admin: {
    useAsTitle: 'start',
    defaultColumns: ['start', 'lead', 'van', 'cancelledAt', 'doneAt'],
    description: 'Booked visits; book, move and cancel them from Lead Management.',
  },
  access: { create: nobody, read: approvedStaff, update: nobody, delete: nobody },
  defaultSort: 'start',
  endpoints: [bookVisitForStaff, cancelVisitForStaff],
  fields: [
    { name: 'lead', type: 'relationship', relationTo: 'leads', required: true, index: true },
    { name: 'quote', type: 'relationship', relationTo: 'quotes', index: true },
    {
      name: 'start',
      type: 'date',
      required: true,
      index: true,
      admin: { date: { pickerAppearance: 'dayAndTime' } },
    },
    { name: 'end', type: 'date', required: true, admin: { date: { pickerAppearance: 'dayAndTime' } } },
    { name: 'van', type: 'number', required: true, min: 1 },
    {
      name: 'bookedBy',
      type: 'select',
      required: true,
      defaultValue: 'customer',
      options: [
        { value: 'customer', label: 'The customer' },
        { value: 'staff', label: 'Staff' },
      ],
    },
    { name: 'cancelledAt', type: 'date', index: true, admin: { date: { pickerAppearance: 'dayAndTime' } } },
    { name: 'reminderSentAt', type: 'date', admin: { readOnly: true } },
    // The customer's "C" to the reminder text (src/collections/Visits/customerTexts.ts).
    { name: 'confirmedAt', label: 'Confirmed by the customer', type: 'date', admin: { readOnly: true } },
    // Marked when the job is completed on the visit's day or after it began (never cancelled).
    { name: 'doneAt', label: 'Done', type: 'date', admin: { readOnly: true } },
    // The latest "On my way" text: a second tap within minutes sends nothing.
    { name: 'onMyWayAt', label: 'On my way texted', type: 'date', admin: { readOnly: true } },
    ...timestampFields,
  ],
  timestamps: true,
}
