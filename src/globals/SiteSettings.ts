import type {
  GlobalConfig,
  GroupField,
  NumberFieldSingleValidation,
  TextField,
  TextFieldSingleValidation,
} from 'payload'

import { admins } from '@/access/admins'
import { anyone } from '@/access/anyone'
import { approvedStaffField } from '@/access/approvedStaffField'
import { moneyField } from '@/fields/money'
import { DEFAULT_TIME_ZONE, isTimeZone } from '@/lib/business-time'
import { INVOICE_REMINDER_DAYS, MAX_INVOICE_REMINDER_DAYS } from '@/lib/invoices'
import { DEPOSIT_MODES, DEPOSIT_MODE_LABELS, MIN_DEPOSIT_CENTS } from '@/lib/deposits'
import { BUSINESS_DEFAULTS, REVIEW_REQUEST_DELAY_HOURS } from '@/lib/business'
import { type DayHours, DEFAULT_HOURS, isTime } from '@/lib/business-hours'
import { CACHE_TAGS } from '@/lib/cache-tags'
import { DEFAULT_SERVICE_ZIPS } from '@/lib/service-area'
import { parsePhoneList } from '@/lib/text-messages'
import { DEFAULT_SLOT_RULES } from '@/lib/visit-slots'
import { revalidateGlobal } from '@/server/revalidate'

type Sibling = { closed?: boolean | null; opens?: string | null; closes?: string | null }

const validatePhoneList: TextFieldSingleValidation = (value) => {
  const { invalid } = parsePhoneList(value)
  return invalid.length ? `Not a phone number we can text: ${invalid.join(', ')}.` : true
}

const validateReminderDays: NumberFieldSingleValidation = (value) =>
  value === null ||
  value === undefined ||
  (Number.isInteger(value) && value >= 0 && value <= MAX_INVOICE_REMINDER_DAYS) ||
  `Enter a whole number of days from 0 to ${MAX_INVOICE_REMINDER_DAYS}, or 0 for no reminders.`

const PICK_A_TIME = 'Choose a time from the list.'

// Times are picked from a list of 30-minute steps; an open day needs both, closing after opening.
const validateOpens: TextFieldSingleValidation = (value, { siblingData }) =>
  (siblingData as Sibling).closed || isTime(value) || PICK_A_TIME

const validateCloses: TextFieldSingleValidation = (value, { siblingData }) => {
  const { closed, opens } = siblingData as Sibling
  if (closed) return true
  if (!isTime(value)) return PICK_A_TIME
  return !isTime(opens) || value > opens || 'The closing time must be after the opening time.'
}

const validateFooterOpens: TextFieldSingleValidation = (value, { siblingData }) => {
  const { closed, closes } = siblingData as Sibling
  if (closed || value === null || value === undefined || value === '') return true
  if (!isTime(value)) return PICK_A_TIME
  return !isTime(closes) || value < closes || "The footer's opening time must be before the closing time."
}

// The chosen kind of deposit needs its figure; the other one's is ignored.
const depositAmount =
  (mode: string, min: number, max: number, message: string): NumberFieldSingleValidation =>
  (value, { siblingData }) =>
    (siblingData as { mode?: string }).mode !== mode ||
    (typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max) ||
    message

const timeField = (
  name: string,
  defaultValue: string | null,
  validate: TextFieldSingleValidation,
  { label, description }: { label?: string; description?: string } = {},
): TextField => ({
  name,
  type: 'text',
  ...(label ? { label } : {}),
  ...(defaultValue ? { defaultValue } : {}),
  validate,
  admin: {
    components: { Field: '@/components/admin/time-select.client#TimeSelect' },
    condition: (_data, siblingData) => !(siblingData as Sibling | undefined)?.closed,
    width: '33%',
    ...(description ? { description } : {}),
  },
})

const day = (name: string, label: string, defaults: DayHours, more: TextField[] = []): GroupField => ({
  name,
  label,
  type: 'group',
  fields: [
    { name: 'closed', type: 'checkbox', defaultValue: defaults.closed },
    {
      type: 'row',
      fields: [
        timeField('opens', defaults.opens, validateOpens),
        timeField('closes', defaults.closes, validateCloses),
        ...more,
      ],
    },
  ],
})

// The public site reads everything but where the business is notified (addresses, phones).
export const SiteSettings: GlobalConfig = {
  slug: 'site-settings',
  label: 'Site settings',
  access: { read: anyone, update: admins },
  hooks: { afterChange: [revalidateGlobal(CACHE_TAGS.siteSettings)] },
  fields: [
    { name: 'businessName', type: 'text', required: true, defaultValue: BUSINESS_DEFAULTS.businessName },
    {
      type: 'row',
      fields: [
        { name: 'phone', type: 'text', required: true, defaultValue: BUSINESS_DEFAULTS.phone },
        { name: 'email', type: 'email', required: true, defaultValue: BUSINESS_DEFAULTS.email },
      ],
    },
    {
      // The texting provider's number is often not the one that rings: "text a photo" links
      // must reach the number whose texts become leads.
      name: 'textPhone',
      label: 'Texting number',
      type: 'text',
      maxLength: 40,
      defaultValue: '',
      admin: {
        description:
          'The number customers text (your texting provider’s number). Leave empty to use the phone above.',
      },
    },
    { name: 'serviceArea', type: 'text', defaultValue: BUSINESS_DEFAULTS.serviceArea },
    {
      name: 'mailingAddress',
      type: 'textarea',
      maxLength: 300,
      admin: {
        description: 'Where dealerships mail their checks: the remit-to address on their statements.',
      },
    },
    {
      name: 'hours',
      type: 'group',
      fields: [
        day('weekdays', 'Monday to Friday', DEFAULT_HOURS.weekdays),
        day('saturday', 'Saturday', DEFAULT_HOURS.saturday, [
          timeField('footerOpens', DEFAULT_HOURS.saturday.footerOpens, validateFooterOpens, {
            label: 'Opens (footer)',
            description:
              "The footer's own reading of the opening time; the contact card and search engines use Opens. Empty: the footer shows Opens too.",
          }),
        ]),
        day('sunday', 'Sunday', DEFAULT_HOURS.sunday),
      ],
    },
    {
      name: 'timeZone',
      type: 'text',
      // Not required: API callers that update other settings need not name it; an empty
      // value reads as the default (businessTimeZone).
      defaultValue: DEFAULT_TIME_ZONE,
      validate: (value: unknown) =>
        value === null ||
        value === undefined ||
        isTimeZone(value) ||
        'Enter an IANA time zone, for example America/Chicago.',
      admin: {
        description: 'Every date in the back office, its lists, e-mails and exports is shown in this zone.',
      },
    },
    { name: 'reviewLink', type: 'text', defaultValue: BUSINESS_DEFAULTS.reviewLink },
    {
      name: 'reviewRequestDelayHours',
      label: 'Review request delay (hours)',
      type: 'number',
      min: 0,
      max: 720,
      defaultValue: REVIEW_REQUEST_DELAY_HOURS,
      admin: {
        step: 1,
        description:
          'After a job is marked completed, the customer is e-mailed the review link once, this many hours later. Every customer gets the same message.',
      },
    },
    {
      name: 'invoiceReminderDays',
      label: 'Payment reminder (days after the invoice is sent)',
      type: 'number',
      min: 0,
      max: MAX_INVOICE_REMINDER_DAYS,
      defaultValue: INVOICE_REMINDER_DAYS,
      validate: validateReminderDays,
      access: { read: approvedStaffField },
      admin: {
        step: 1,
        description:
          'An invoice still unpaid this many days after it was sent gets one reminder: by e-mail, and by text when the customer agreed to texts. 0 or empty: no reminders.',
      },
    },
    {
      name: 'booking',
      label: 'Visits',
      type: 'group',
      admin: { description: 'Where the van goes and when customers can book it.' },
      fields: [
        {
          name: 'serviceZips',
          label: 'Service area (ZIP codes)',
          type: 'textarea',
          defaultValue: DEFAULT_SERVICE_ZIPS.join(', '),
          admin: {
            description: 'Separate ZIP codes with commas. Requests from elsewhere are accepted with a note.',
          },
        },
        {
          name: 'tripFee',
          label: 'Trip fee outside the area (USD)',
          type: 'number',
          // 0: none.
          defaultValue: 0,
          min: 0,
          max: 1000,
          admin: { description: 'Optional; shown to the owner on a lead from outside the area.' },
        },
        {
          type: 'row',
          fields: [
            {
              name: 'slotMinutes',
              label: 'Visit length',
              type: 'select',
              required: true,
              defaultValue: String(DEFAULT_SLOT_RULES.slotMinutes),
              options: ['60', '90', '120', '180', '240'].map((m) => ({
                value: m,
                label: `${Number(m) / 60} hours`.replace(/^1 hours/, '1 hour'),
              })),
            },
            {
              name: 'vans',
              label: 'Vans at once',
              type: 'number',
              required: true,
              min: 1,
              max: 10,
              defaultValue: DEFAULT_SLOT_RULES.vans,
              admin: { step: 1 },
            },
            {
              name: 'daysAhead',
              label: 'Days ahead',
              type: 'number',
              required: true,
              min: 1,
              max: 60,
              defaultValue: DEFAULT_SLOT_RULES.daysAhead,
              admin: { step: 1 },
            },
            {
              name: 'noticeHours',
              label: 'Minimum notice (hours)',
              type: 'number',
              required: true,
              min: 0,
              max: 72,
              defaultValue: DEFAULT_SLOT_RULES.noticeMinutes / 60,
              admin: { step: 1 },
            },
          ],
        },
        {
          name: 'blockedTimes',
          label: 'Blocked times',
          type: 'array',
          maxRows: 100,
          // The owner's reasons are nobody else's business; customers see only open slots.
          access: { read: approvedStaffField },
          admin: { description: 'Holidays and days off: no visit is offered inside these times.' },
          fields: [
            {
              type: 'row',
              fields: [
                {
                  name: 'from',
                  type: 'date',
                  required: true,
                  admin: { date: { pickerAppearance: 'dayAndTime' } },
                },
                {
                  name: 'until',
                  type: 'date',
                  required: true,
                  admin: { date: { pickerAppearance: 'dayAndTime' } },
                },
                { name: 'note', type: 'text', maxLength: 100 },
              ],
            },
          ],
        },
      ],
    },
    {
      name: 'deposit',
      label: 'Deposits',
      type: 'group',
      admin: {
        description:
          'Asked for when a customer accepts a quote online, by card through Stripe. In cents: 5000 is $50.00.',
      },
      fields: [
        {
          // Not required, as timeZone: API callers that update other settings need not name it;
          // empty reads as no deposit (src/lib/deposits.ts).
          name: 'mode',
          label: 'Deposit',
          type: 'select',
          defaultValue: 'none',
          options: DEPOSIT_MODES.map((value) => ({ value, label: DEPOSIT_MODE_LABELS[value] })),
        },
        {
          type: 'row',
          fields: [
            {
              name: 'percent',
              label: 'Percentage of the quote',
              type: 'number',
              min: 1,
              max: 100,
              defaultValue: 20,
              validate: depositAmount('percent', 1, 100, 'Enter a whole percentage from 1 to 100.'),
              admin: { step: 1, condition: (_data, sibling) => sibling?.mode === 'percent' },
            },
            moneyField({
              name: 'fixedCents',
              label: 'Fixed amount',
              min: MIN_DEPOSIT_CENTS,
              max: 1_000_000,
              defaultValue: 5_000,
              validate: depositAmount(
                'fixed',
                MIN_DEPOSIT_CENTS,
                1_000_000,
                'Enter the amount in whole cents, from 50 (Stripe’s smallest card payment) to 1000000.',
              ),
              admin: { condition: (_data, sibling) => sibling?.mode === 'fixed' },
            }),
            moneyField({
              name: 'aboveCents',
              label: 'Only for quotes over',
              min: 0,
              max: 10_000_000,
              defaultValue: 0,
              admin: {
                condition: (_data, sibling) => sibling?.mode !== 'none',
                description: '$0.00: every quote.',
              },
            }),
          ],
        },
        {
          name: 'beforeBooking',
          label: 'A visit can be booked only after the deposit is paid',
          type: 'checkbox',
          defaultValue: false,
          admin: { condition: (_data, sibling) => sibling?.mode !== 'none' },
        },
      ],
    },
    {
      name: 'notificationRecipients',
      type: 'text',
      required: true,
      defaultValue: BUSINESS_DEFAULTS.notificationRecipients,
      access: { read: approvedStaffField },
      admin: { description: 'Where quote requests are e-mailed; separate several addresses with commas.' },
    },
    {
      name: 'notificationPhones',
      label: 'Notification phones',
      type: 'text',
      defaultValue: '',
      maxLength: 200,
      access: { read: approvedStaffField },
      validate: validatePhoneList,
      admin: {
        description:
          'Texted a short summary and the link of each new lead; separate several numbers with commas.',
      },
    },
    {
      name: 'alertTexts',
      label: 'Text alerts',
      type: 'checkbox',
      defaultValue: true,
      access: { read: approvedStaffField },
      admin: {
        description:
          "Text the notification phones of each new lead, customer's or dealer's text, accepted quote, payment, visit the customer booked, moved or cancelled, and work order.",
      },
    },
    {
      name: 'alertEmails',
      label: 'E-mail alerts',
      type: 'checkbox',
      defaultValue: true,
      access: { read: approvedStaffField },
      admin: {
        description:
          "E-mail the notification addresses of each customer's or dealer's text, payment and work order (new requests, quote answers and visit changes are always e-mailed).",
      },
    },
  ],
}
