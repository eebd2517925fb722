// The e2e server's card processor: the suite's fake of Stripe (tests/helpers/stripe-server.ts),
// on a port and with keys fixed before the server starts (scripts/with-services.mjs sets
// STRIPE_API_URL, which the build's form-action also allows), since the server reads them from
// its environment. A test starts the fake when it needs it; until then Stripe is unreachable.
const appPort = Number(process.env.E2E_PORT || 3100)
const apiUrl = process.env.STRIPE_API_URL || `http://127.0.0.1:${appPort + 2}`

export const E2E_STRIPE = {
  port: Number(new URL(apiUrl).port),
  secretKey: 'sk_test_e2e0e2e0e2e0e2e0e2e0e2e0',
  webhookSecret: 'whsec_e2e0e2e0e2e0e2e0e2e0e2e0',
}

export const e2eStripeEnv = () => ({
  STRIPE_SECRET_KEY: E2E_STRIPE.secretKey,
  STRIPE_WEBHOOK_SECRET: E2E_STRIPE.webhookSecret,
  STRIPE_API_URL: apiUrl,
})
