// The development admin account: created by the seed in development and e2e runs only,
// never in production. Written in the README.
export const DEV_ADMIN = {
  email: 'admin@curbside.test',
  password: 'curbside-dev-admin',
} as const
