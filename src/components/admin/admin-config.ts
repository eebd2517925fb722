import type { Config } from 'payload'

// Payload's own login screen is forwarded to /login by src/proxy.ts, not here.
export const adminComponents: NonNullable<Config['admin']>['components'] = {
  views: {
    dashboard: { Component: '@/components/admin/back-office#BackOffice' },
    unauthorized: { Component: '@/components/admin/awaiting-approval#AwaitingApproval' },
  },
}
