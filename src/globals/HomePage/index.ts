import type { ArrayField, Field, GlobalConfig } from 'payload'

import { admins } from '@/access/admins'
import { approvedStaffOrPublished } from '@/access/approvedStaffOrPublished'
import { CACHE_TAGS } from '@/lib/cache-tags'
import { OFFERS } from '@/lib/catalog'
import { DEFAULT_HOME_CONTENT as D, homePageData, PHONE_PLACEHOLDER } from '@/lib/home-content'
import { serverUrl } from '@/lib/server-url'
import { revalidateGlobal } from '@/server/revalidate'

// Every default is a function: a static one would become a column DEFAULT in each migration.
const copy =
  <T>(value: T) =>
  () =>
    structuredClone(value)

const titleAndText = (name: string, label: string, rows: { title: string; text: string }[]): ArrayField => ({
  name,
  label,
  type: 'array',
  defaultValue: copy(rows),
  admin: {
    initCollapsed: true,
    components: { RowLabel: '@/components/admin/row-label.client#TitleRowLabel' },
  },
  fields: [
    { name: 'title', type: 'text', required: true, maxLength: 80 },
    { name: 'text', type: 'textarea', required: true, maxLength: 400 },
  ],
})

const offerKeys = OFFERS.map((o) => ({ value: o.key, label: o.title }))

const offers: ArrayField = {
  name: 'offers',
  label: 'Offers',
  type: 'array',
  labels: { singular: 'Offer', plural: 'Offers' },
  // The prices the pricing cards show, in order; each card opens the request dialog for its service.
  defaultValue: () => homePageData(D).pricing.offers,
  admin: { components: { RowLabel: '@/components/admin/row-label.client#TitleRowLabel' } },
  validate: (value: unknown) => {
    const keys = Array.isArray(value) ? value.map((row) => (row as { key?: string }).key) : []
    return new Set(keys).size === keys.length || 'Each service can have one offer only.'
  },
  fields: [
    {
      name: 'key',
      label: 'Service',
      type: 'select',
      required: true,
      options: offerKeys,
      admin: {
        description:
          'What a quote request from this card is filed under; stays the same when the title changes.',
      },
    },
    { name: 'title', type: 'text', required: true, maxLength: 80 },
    {
      type: 'row',
      fields: [
        {
          name: 'price',
          label: 'Price (USD)',
          type: 'number',
          required: true,
          min: 0,
          max: 100000,
          admin: { step: 1, width: '50%' },
        },
        {
          name: 'unit',
          type: 'text',
          maxLength: 30,
          admin: { width: '50%', description: 'Shown after the price, for example "per rim".' },
        },
      ],
    },
    { name: 'description', type: 'textarea', required: true, maxLength: 300 },
  ],
}

const fields: Field[] = [
  {
    type: 'tabs',
    tabs: [
      {
        name: 'hero',
        label: 'Hero',
        fields: [
          {
            name: 'headline',
            type: 'text',
            maxLength: 80,
            admin: { description: "Empty: the business's name." },
          },
          { name: 'text', type: 'textarea', required: true, maxLength: 400, defaultValue: () => D.hero.text },
          {
            name: 'claims',
            type: 'array',
            maxRows: 4,
            defaultValue: copy(D.hero.claims),
            fields: [
              {
                type: 'row',
                fields: [
                  { name: 'value', type: 'text', required: true, maxLength: 12, admin: { width: '40%' } },
                  { name: 'label', type: 'text', required: true, maxLength: 40, admin: { width: '60%' } },
                ],
              },
            ],
          },
        ],
      },
      {
        name: 'services',
        label: 'Services',
        fields: [
          titleAndText('forCustomers', 'For customers', D.services.forCustomers),
          titleAndText('forDealerships', 'For dealerships', D.services.forDealerships),
        ],
      },
      {
        name: 'pricing',
        label: 'Pricing',
        fields: [
          offers,
          {
            name: 'note',
            label: 'Mobile service note',
            type: 'text',
            maxLength: 200,
            defaultValue: () => D.pricing.note,
          },
        ],
      },
      {
        name: 'process',
        label: 'Process',
        fields: [
          {
            ...titleAndText('steps', 'Steps', D.process.steps),
            admin: {
              description: `Write ${PHONE_PLACEHOLDER} where the business's phone number goes; the site links it.`,
              components: { RowLabel: '@/components/admin/row-label.client#TitleRowLabel' },
            },
          },
        ],
      },
      {
        name: 'reviews',
        label: 'Reviews',
        fields: [
          {
            type: 'row',
            fields: [
              {
                name: 'rating',
                label: 'Average rating',
                type: 'number',
                required: true,
                min: 1,
                max: 5,
                defaultValue: () => D.reviews.rating,
                admin: { step: 0.1, width: '50%' },
              },
              {
                name: 'count',
                label: 'Number of reviews',
                type: 'number',
                required: true,
                min: 0,
                defaultValue: () => D.reviews.count,
                admin: { step: 1, width: '50%' },
              },
            ],
          },
          {
            name: 'label',
            label: 'Summary line',
            type: 'text',
            required: true,
            maxLength: 100,
            defaultValue: () => D.reviews.label,
          },
          {
            name: 'items',
            label: 'Reviews',
            type: 'array',
            labels: { singular: 'Review', plural: 'Reviews' },
            defaultValue: copy(D.reviews.items),
            admin: { components: { RowLabel: '@/components/admin/row-label.client#NameRowLabel' } },
            fields: [
              {
                type: 'row',
                fields: [
                  { name: 'name', type: 'text', required: true, maxLength: 60, admin: { width: '40%' } },
                  {
                    name: 'rating',
                    type: 'number',
                    required: true,
                    min: 1,
                    max: 5,
                    admin: { step: 1, width: '20%' },
                  },
                  {
                    name: 'date',
                    type: 'text',
                    maxLength: 30,
                    admin: { width: '40%', description: 'As shown, for example "2 weeks ago".' },
                  },
                ],
              },
              { name: 'text', type: 'textarea', required: true, maxLength: 600 },
            ],
          },
        ],
      },
      {
        name: 'contact',
        label: 'Contact',
        fields: [
          { name: 'title', type: 'text', required: true, maxLength: 80, defaultValue: () => D.contact.title },
          {
            name: 'text',
            type: 'textarea',
            required: true,
            maxLength: 400,
            defaultValue: () => D.contact.text,
          },
        ],
      },
    ],
  },
]

// Visitors and unapproved accounts read what is published; drafts are for approved staff.
export const HomePage: GlobalConfig = {
  slug: 'home-page',
  label: 'Home page',
  access: {
    read: approvedStaffOrPublished,
    update: admins,
    readVersions: admins,
  },
  admin: {
    description: 'The home page: hero, services, prices, process, reviews and contact texts.',
    components: { elements: { UnpublishButton: '@/components/admin/home-page-menu#HomePageMenu' } },
    livePreview: {
      url: () => `${serverUrl()}/preview`,
      breakpoints: [
        { name: 'phone', label: 'Phone', width: 390, height: 844 },
        { name: 'desktop', label: 'Desktop', width: 1280, height: 800 },
      ],
    },
  },
  versions: {
    max: 50,
    drafts: { autosave: { interval: 2000 }, schedulePublish: true },
  },
  hooks: {
    // Drafts change nothing a visitor sees.
    afterChange: [revalidateGlobal(CACHE_TAGS.homePage)],
  },
  fields,
}
