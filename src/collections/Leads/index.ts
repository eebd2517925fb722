import { detailPage } from '@/components/admin/admin-config'
import type { CollectionConfig, Field } from 'payload'

import { anyone } from '@/access/anyone'
import { approvedStaff } from '@/access/approvedStaff'
import { approvedStaffField } from '@/access/approvedStaffField'
import { nobody } from '@/access/nobody'
import { LEAD_STATUSES, LEAD_STATUS_LABELS } from '@/lib/lead-status'
import { LOST_REASONS, LOST_REASON_LABELS } from '@/lib/lead-events'
import { QUOTE_STATUSES, QUOTE_STATUS_LABELS } from '@/lib/quote-status'
import { LEAD_SERVICE_TYPES, serviceTitle } from '@/lib/catalog'
import { formKeyField } from '@/fields/formKey'
import { moneyField } from '@/fields/money'
import { timestampFields } from '@/fields/timestamps'
import { DIRECT_SOURCE, LEAD_CHANNELS, LEAD_CHANNEL_LABELS, PARTNER_CHANNEL } from '@/lib/lead-source'
import { CARS_PER_MONTH_MAX, PARTNER_FIELD_MAX } from '@/lib/partner-enquiry'
import { ADDRESS_MAX } from '@/lib/request-constants'

import { eraseCustomer } from './endpoints/eraseCustomer'
import { leadNoteForm, leadOnMyWayForm, leadStatusForm, leadTextForm } from './endpoints/leadForms'
import { leadPaymentForm } from './endpoints/paymentForm'
import { leadDepositForm, leadDepositWaiveForm } from './endpoints/depositForms'
import { markVisitDoneOnCompletion } from './hooks/markVisitDone'
import {
  leadCreditNoteForm,
  leadInvoiceForm,
  leadInvoiceRemindForm,
  leadInvoiceResendForm,
} from './endpoints/invoiceForms'
import { limitCreates } from './hooks/limitCreates'
import { refuseMalformedData } from './hooks/refuseMalformedData'
import { removeLeadRecords } from './hooks/removeLeadRecords'
import { setPhoneE164 } from './hooks/setPhoneE164'
import { snapshotOffer } from './hooks/snapshotOffer'
import { normalizeRequestFields } from './hooks/normalizeRequestFields'
import { queueLeadAlert } from './hooks/queueLeadAlert'
import { queueRequestEmails } from './hooks/queueRequestEmails'
import { markServiceArea } from './hooks/markServiceArea'
import { queueReviewRequest } from './hooks/queueReviewRequest'
import { keepLeadName } from './hooks/keepLeadName'
import { recordLeadChanges, stampLost } from './hooks/recordLeadChanges'
import {
  validateRequestEmail,
  validateRequestText,
  validateRequestTextarea,
} from './hooks/validateRequestField'
import { validateServiceType } from './hooks/validateServiceType'
import { fillStaffLead, recordPhoneConsent, recordStaffEntry, validatePhoneConsent } from './hooks/staffEntry'
import { validateStatusChange } from './hooks/validateStatusChange'
import { draftInvoiceOnCompletion } from '@/collections/Invoices/draftFromQuote'

// When the mail server accepted each e-mail about the request (sent once: src/server/email-delivery.ts);
// written by the server only.
const requestEmailFields: Field[] = (['business', 'customer'] as const).map((audience) => ({
  name: `${audience}EmailSentAt`,
  label: audience === 'business' ? 'E-mailed to the business' : 'Confirmation e-mailed',
  type: 'date',
  access: { read: approvedStaffField, create: nobody, update: nobody },
  admin: {
    position: 'sidebar',
    readOnly: true,
    disableBulkEdit: true,
    date: { pickerAppearance: 'dayAndTime' },
  },
}))

// Only the request endpoint writes these, in the transaction that counts the code's use.
const serverOwned = { read: approvedStaffField, create: nobody, update: nobody }

// A snapshot of the promotion: it stays as it was when the promotion is edited or deleted.
const promotionFields: Field[] = [
  {
    name: 'promotion',
    type: 'relationship',
    relationTo: 'promotions',
    index: true,
    access: serverOwned,
    admin: { position: 'sidebar', readOnly: true },
  },
  {
    type: 'collapsible',
    label: 'Promo code',
    admin: { position: 'sidebar', initCollapsed: false },
    fields: [
      {
        name: 'promoCode',
        label: 'Promo code',
        type: 'text',
        maxLength: 50,
        access: serverOwned,
        admin: { readOnly: true },
      },
      {
        name: 'promoDiscountType',
        label: 'Discount type',
        type: 'select',
        options: [
          { value: 'percentage', label: 'Percentage' },
          { value: 'fixed_amount', label: 'Fixed amount' },
        ],
        access: serverOwned,
        admin: { readOnly: true },
      },
      {
        name: 'promoDiscountValue',
        label: 'Discount value',
        type: 'number',
        access: serverOwned,
        admin: { readOnly: true },
      },
      {
        name: 'promoMinimumAmount',
        label: 'Minimum amount',
        type: 'number',
        access: serverOwned,
        admin: { readOnly: true },
      },
    ],
  },
]

// Where the visit came from (its first page's utm_* and referrer).
const sourceFields: Field[] = [
  {
    type: 'collapsible',
    label: 'Source',
    admin: { position: 'sidebar', description: `Empty for ${DIRECT_SOURCE} visits.` },
    fields: [
      {
        name: 'utmSource',
        label: 'utm_source',
        type: 'text',
        maxLength: 100,
        index: true,
        access: serverOwned,
        admin: { readOnly: true },
      },
      {
        name: 'utmMedium',
        label: 'utm_medium',
        type: 'text',
        maxLength: 100,
        access: serverOwned,
        admin: { readOnly: true },
      },
      {
        name: 'utmCampaign',
        label: 'utm_campaign',
        type: 'text',
        maxLength: 100,
        access: serverOwned,
        admin: { readOnly: true },
      },
      {
        name: 'referrerHost',
        label: 'Referrer',
        type: 'text',
        maxLength: 100,
        index: true,
        access: serverOwned,
        admin: { readOnly: true },
      },
    ],
  },
]

export const Leads: CollectionConfig = {
  slug: 'leads',
  admin: {
    // Named, not by e-mail: a texted lead's e-mail is a placeholder.
    useAsTitle: 'name',
    defaultColumns: ['firstName', 'lastName', 'phone', 'serviceType', 'status', 'quoteStatus', 'createdAt'],
    components: { views: detailPage('@/components/admin/job-page#JobPage', 'Job') },
  },
  access: {
    create: anyone,
    read: approvedStaff,
    update: approvedStaff,
    delete: approvedStaff,
  },
  defaultSort: '-createdAt',
  endpoints: [
    eraseCustomer,
    leadStatusForm,
    leadNoteForm,
    leadTextForm,
    leadOnMyWayForm,
    leadPaymentForm,
    leadDepositForm,
    leadDepositWaiveForm,
    leadInvoiceForm,
    leadInvoiceResendForm,
    leadInvoiceRemindForm,
    leadCreditNoteForm,
  ],
  hooks: {
    beforeOperation: [refuseMalformedData, limitCreates],
    beforeValidate: [normalizeRequestFields, fillStaffLead],
    beforeChange: [snapshotOffer, stampLost, markServiceArea, keepLeadName, recordStaffEntry],
    beforeDelete: [removeLeadRecords],
    afterChange: [
      queueRequestEmails,
      queueLeadAlert,
      queueReviewRequest,
      recordLeadChanges,
      recordPhoneConsent,
      draftInvoiceOnCompletion,
      markVisitDoneOnCompletion,
    ],
  },
  fields: [
    {
      type: 'row',
      fields: [
        {
          name: 'firstName',
          type: 'text',
          required: true,
          maxLength: 100,
          validate: validateRequestText('firstName'),
        },
        {
          name: 'lastName',
          type: 'text',
          required: true,
          maxLength: 100,
          validate: validateRequestText('lastName'),
        },
      ],
    },
    {
      type: 'row',
      fields: [
        {
          name: 'phone',
          type: 'text',
          required: true,
          maxLength: 40,
          validate: validateRequestText('phone'),
        },
        { name: 'email', type: 'email', required: true, validate: validateRequestEmail },
      ],
    },
    // The lead's title in Payload's lists and pickers (hooks/keepLeadName.ts); erased with it.
    { name: 'name', type: 'text', index: true, admin: { hidden: true } },
    // The phone in E.164, indexed: a received text finds its number's open lead by it.
    {
      name: 'phoneE164',
      label: 'Phone (E.164)',
      type: 'text',
      index: true,
      maxLength: 16,
      access: serverOwned,
      admin: { hidden: true },
      hooks: { beforeChange: [setPhoneE164] },
    },
    {
      name: 'description',
      type: 'textarea',
      required: true,
      maxLength: 5000,
      validate: validateRequestTextarea,
    },
    // Where the van goes and what it works on; optional until a visit is booked.
    {
      name: 'address',
      label: 'Street address',
      type: 'text',
      maxLength: ADDRESS_MAX,
      validate: validateRequestText('address'),
      admin: { description: 'Where the van goes. Required to book a visit.' },
    },
    {
      type: 'row',
      fields: [
        { name: 'zip', label: 'ZIP code', type: 'text', maxLength: 5, validate: validateRequestText('zip') },
        {
          name: 'vehicle',
          label: 'Vehicle (make and model)',
          type: 'text',
          maxLength: 100,
          validate: validateRequestText('vehicle'),
        },
        {
          name: 'wheelSize',
          label: 'Wheel size',
          type: 'text',
          maxLength: 20,
          validate: validateRequestText('wheelSize'),
        },
      ],
    },
    {
      name: 'outsideServiceArea',
      label: 'Outside the service area',
      type: 'checkbox',
      access: serverOwned,
      admin: { position: 'sidebar', readOnly: true },
    },
    {
      name: 'photos',
      type: 'upload',
      relationTo: 'customer-uploads',
      hasMany: true,
      maxRows: 10,
      // Photos have guessable ids: a public create that could set this would link other
      // customers' photos to its own lead. The request endpoint links its photos as the server.
      access: { create: approvedStaffField },
    },
    {
      name: 'serviceType',
      type: 'select',
      required: true,
      options: LEAD_SERVICE_TYPES.map((value) => ({ value, label: serviceTitle(value) })),
      validate: validateServiceType,
    },
    // What the visitor was offered when asking: set by the server from the published home page.
    {
      type: 'collapsible',
      label: 'Offered',
      admin: { position: 'sidebar' },
      fields: [
        {
          name: 'offeredTitle',
          label: 'Service as offered',
          type: 'text',
          access: serverOwned,
          admin: { readOnly: true },
        },
        moneyField({
          name: 'offeredPriceCents',
          label: 'Price as offered',
          access: serverOwned,
          admin: { readOnly: true },
        }),
        { name: 'offeredUnit', label: 'Unit', type: 'text', access: serverOwned, admin: { readOnly: true } },
      ],
    },
    {
      name: 'status',
      type: 'select',
      required: true,
      defaultValue: 'new',
      index: true,
      options: LEAD_STATUSES.map((value) => ({ value, label: LEAD_STATUS_LABELS[value] })),
      access: { create: approvedStaffField },
      validate: validateStatusChange,
      admin: { position: 'sidebar' },
    },
    {
      // A retried or double-clicked submission finds its lead instead of making another (the
      // unique index settles races).
      name: 'idempotencyKey',
      type: 'text',
      unique: true,
      index: true,
      maxLength: 100,
      access: { read: approvedStaffField, create: nobody, update: nobody },
      admin: { position: 'sidebar', readOnly: true, hidden: true },
    },
    // The request form that made it (Leads/endpoints/submitRequest.ts): a double tap without
    // script makes one lead.
    formKeyField,
    // Closed as lost, beside the spec's status (which stays as it was).
    {
      name: 'lostReason',
      label: 'Closed as lost',
      type: 'select',
      index: true,
      options: LOST_REASONS.map((value) => ({ value, label: LOST_REASON_LABELS[value] })),
      access: { create: approvedStaffField, update: approvedStaffField },
      admin: { position: 'sidebar', description: 'Empty while the lead is open.' },
    },
    {
      name: 'lostAt',
      label: 'Closed on',
      type: 'date',
      access: serverOwned,
      admin: { position: 'sidebar', readOnly: true, date: { pickerAppearance: 'dayAndTime' } },
    },
    // The latest quote, copied from the quotes (copyQuoteToLead.ts).
    {
      type: 'collapsible',
      label: 'Quote',
      admin: { position: 'sidebar' },
      fields: [
        {
          name: 'quoteStatus',
          label: 'Quote',
          type: 'select',
          index: true,
          options: QUOTE_STATUSES.map((value) => ({ value, label: QUOTE_STATUS_LABELS[value] })),
          access: serverOwned,
          admin: { readOnly: true },
        },
        {
          name: 'quoteTotal',
          label: 'Quote total (USD)',
          type: 'number',
          access: serverOwned,
          admin: { readOnly: true },
        },
        {
          name: 'quoteAcceptedAt',
          label: 'Quote accepted',
          type: 'date',
          access: serverOwned,
          admin: { readOnly: true, date: { pickerAppearance: 'dayAndTime' } },
        },
      ],
    },
    ...promotionFields,
    // How the request came in: the quote forms, or a text to the business's number.
    {
      name: 'channel',
      label: 'Came in by',
      type: 'select',
      index: true,
      options: LEAD_CHANNELS.map((value) => ({ value, label: LEAD_CHANNEL_LABELS[value] })),
      access: serverOwned,
      admin: { position: 'sidebar', readOnly: true },
    },
    // A partner enquiry's dealership and volume, as the "Become a partner" form sent them.
    {
      type: 'row',
      admin: { condition: (data) => data?.channel === PARTNER_CHANNEL },
      fields: [
        {
          name: 'dealershipName',
          label: 'Dealership',
          type: 'text',
          maxLength: PARTNER_FIELD_MAX.dealership,
          access: serverOwned,
          admin: { readOnly: true },
        },
        {
          name: 'carsPerMonth',
          label: 'Cars a month',
          type: 'number',
          min: 1,
          max: CARS_PER_MONTH_MAX,
          access: serverOwned,
          admin: { readOnly: true },
        },
      ],
    },
    // A customer who phoned and agreed to texts: ticked by staff; the server records who and when.
    {
      name: 'textConsentByPhone',
      label: 'Agreed to texts',
      type: 'checkbox',
      access: { create: approvedStaffField, update: approvedStaffField },
      validate: validatePhoneConsent,
      admin: {
        position: 'sidebar',
        description: 'Given by phone: your name and the time are recorded.',
      },
    },
    // When the customer agreed to texts about the request: the form's checkbox, their own first
    // text, or staff recording it by phone. Only the server sets it.
    {
      name: 'textConsentAt',
      label: 'Agreed to texts on',
      type: 'date',
      access: serverOwned,
      admin: { position: 'sidebar', readOnly: true, date: { pickerAppearance: 'dayAndTime' } },
    },
    {
      name: 'textConsentBy',
      label: 'Agreement recorded by',
      type: 'relationship',
      relationTo: 'users',
      access: serverOwned,
      admin: { position: 'sidebar', readOnly: true, condition: (data) => Boolean(data?.textConsentBy) },
    },
    // The staff account that typed the lead in (a customer who phoned); empty for requests.
    {
      name: 'enteredBy',
      label: 'Typed in by',
      type: 'relationship',
      relationTo: 'users',
      access: serverOwned,
      admin: { position: 'sidebar', readOnly: true, condition: (data) => Boolean(data?.enteredBy) },
    },
    ...sourceFields,
    // The review request after a completed job: when it was queued and when it was sent.
    {
      name: 'reviewRequestQueuedAt',
      label: 'Review request queued',
      type: 'date',
      access: serverOwned,
      admin: { position: 'sidebar', readOnly: true, date: { pickerAppearance: 'dayAndTime' } },
    },
    {
      name: 'reviewRequestSentAt',
      label: 'Review request sent',
      type: 'date',
      access: serverOwned,
      admin: { position: 'sidebar', readOnly: true, date: { pickerAppearance: 'dayAndTime' } },
    },
    ...requestEmailFields,
    // When the owner was last alerted of the customer's texts on this lead (or of the lead the
    // first text made): claimed by one conditional update, so a burst alerts once a few minutes.
    {
      name: 'replyAlertedAt',
      label: 'Owner alerted of texts',
      type: 'date',
      access: serverOwned,
      admin: { hidden: true },
    },
    // Set when the customer's details were erased (on request, or after 12 months without a job).
    {
      name: 'erasedAt',
      label: 'Customer data erased',
      type: 'date',
      index: true,
      access: serverOwned,
      admin: { position: 'sidebar', readOnly: true, date: { pickerAppearance: 'dayAndTime' } },
    },
    ...timestampFields,
  ],
  timestamps: true,
}
