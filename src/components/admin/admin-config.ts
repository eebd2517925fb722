import type { CollectionConfig, Config } from 'payload'

// Payload's own login screen is forwarded to /login by src/proxy.ts, not here.
export const adminComponents: NonNullable<Config['admin']>['components'] = {
  views: {
    dashboard: { Component: '@/components/admin/back-office#BackOffice' },
    unauthorized: { Component: '@/components/admin/awaiting-approval#AwaitingApproval' },
  },
}

// A tab of a record's detail page, as a list item (document-tab.client.tsx).
const tab = (label: string, href: string) => ({
  Component: { path: '@/components/admin/document-tab.client#DocumentTab', clientProps: { label, href } },
})

// A record's one detail page: Payload's document view opening on a page of ours (`label`), with
// Payload's own form as the Details tab, so every field added to the collection shows there.
export function detailPage(Component: string, label: string) {
  return {
    edit: {
      default: { Component, tab: { label, order: 50, ...tab(label, '') } },
      details: {
        Component: '@payloadcms/ui#DefaultEditView',
        path: '/details',
        tab: { label: 'Details', href: '/details', order: 100, ...tab('Details', '/details') },
      },
      // Payload's own view, drawn with the same tab.
      api: { tab: tab('API', '/api') },
    },
  } satisfies NonNullable<NonNullable<CollectionConfig['admin']>['components']>['views']
}
