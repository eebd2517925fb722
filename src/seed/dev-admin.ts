// Created by the seed in development and e2e runs only, never in production.
export const DEV_ADMIN = {
  email: 'admin@curbside.test',
  password: 'curbside-dev-admin',
} as const
