// The development sign-ins, created by the seed in development (the partner only there; the
// admin in e2e runs too), never in production. Printed at every `npm run dev` start.
export const DEV_ADMIN = {
  email: 'admin@curbside.test',
  password: 'curbside-dev-admin',
} as const

// The demo dealership's partner account (src/seed/dealer-demo.ts): signs in at /login.
export const DEV_PARTNER = {
  email: 'partner@curbside.test',
  password: 'curbside-dev-partner',
} as const
