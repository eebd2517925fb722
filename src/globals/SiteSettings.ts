import type { GlobalConfig } from 'payload'

import { admins } from '@/access/admins'
import { anyone } from '@/access/anyone'
import { approvedStaffField } from '@/access/approvedStaffField'
import { DEFAULT_TIME_ZONE, isTimeZone } from '@/lib/admin-format'
import { BUSINESS_DEFAULTS } from '@/lib/business'
import { CACHE_TAGS } from '@/lib/cache-tags'
import { revalidateGlobal } from '@/server/revalidate'

// The business's own facts, editable by the owner without a deploy. Defaults are the
// spec's constants. The public site reads everything but the notification recipients.
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
    { name: 'serviceArea', type: 'text', defaultValue: BUSINESS_DEFAULTS.serviceArea },
    {
      name: 'hours',
      type: 'group',
      fields: [
        { name: 'weekdays', type: 'text', defaultValue: BUSINESS_DEFAULTS.hoursWeekdays },
        { name: 'saturday', type: 'text', defaultValue: BUSINESS_DEFAULTS.hoursSaturday },
        { name: 'sunday', type: 'text', defaultValue: BUSINESS_DEFAULTS.hoursSunday },
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
      name: 'notificationRecipients',
      type: 'text',
      required: true,
      defaultValue: BUSINESS_DEFAULTS.notificationRecipients,
      access: { read: approvedStaffField },
      admin: { description: 'Where quote requests are e-mailed; separate several addresses with commas.' },
    },
  ],
}
