import type { CollectionBeforeChangeHook, CollectionConfig } from 'payload'
import { APIError } from 'payload'

import { approvedStaff } from '@/access/approvedStaff'
import { nobody } from '@/access/nobody'
import { timestampFields } from '@/fields/timestamps'
import { LEAD_EVENT_KINDS, LEAD_EVENT_LABELS, LEAD_NOTE_MAX } from '@/lib/lead-events'

// Through the API a member of staff writes only notes, in their own name; the server writes
// the other kinds straight to the table (timeline.ts).
const noteOfItsAuthor: CollectionBeforeChangeHook = ({ data, operation, req }) => {
  if (operation !== 'create' || !req.user) return data
  const text = typeof data.text === 'string' ? data.text.trim() : ''
  if (!text) throw new APIError('Write the note first.', 400, null, true)
  return { ...data, kind: 'note', text, by: req.user.id }
}

// A lead's timeline: notes, status changes, the quote's life with the customer and the
// e-mails about the lead. Rows are never edited; they go with their lead.
export const LeadEvents: CollectionConfig = {
  slug: 'lead-events',
  labels: { singular: 'Lead event', plural: 'Lead events' },
  admin: { group: 'System', defaultColumns: ['lead', 'kind', 'text', 'by', 'createdAt'] },
  access: { create: approvedStaff, read: approvedStaff, update: nobody, delete: nobody },
  defaultSort: '-createdAt',
  hooks: { beforeChange: [noteOfItsAuthor] },
  fields: [
    { name: 'lead', type: 'relationship', relationTo: 'leads', required: true, index: true },
    {
      name: 'kind',
      type: 'select',
      required: true,
      defaultValue: 'note',
      options: LEAD_EVENT_KINDS.map((value) => ({ value, label: LEAD_EVENT_LABELS[value] })),
    },
    { name: 'text', type: 'textarea', maxLength: LEAD_NOTE_MAX },
    { name: 'by', type: 'relationship', relationTo: 'users' },
    // A note is dated when it is written, whatever the request says.
    ...timestampFields,
  ],
  timestamps: true,
}
