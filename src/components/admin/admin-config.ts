import type { Config } from 'payload'

// Payload admin customisations: the back office replaces the dashboard, and accounts
// still waiting for approval get a plain explanation instead of "unauthorized".
// Payload's own login screen is forwarded to /login by src/proxy.ts.
export const adminComponents: NonNullable<Config['admin']>['components'] = {
  views: {
    dashboard: { Component: '@/components/admin/back-office#BackOffice' },
    unauthorized: { Component: '@/components/admin/awaiting-approval#AwaitingApproval' },
  },
}
