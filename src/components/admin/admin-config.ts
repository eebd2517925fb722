import type { Config } from 'payload'

// Payload admin customisations (custom views, components) for the back office.
export const adminComponents: NonNullable<Config['admin']>['components'] = {}
