// The e2e server's text provider: the suite's fake of Twilio (tests/helpers/twilio-server.ts),
// on a port and with credentials fixed before the server starts, since the server reads its
// TWILIO_* settings at start and a test starts the fake only when it needs it. Until then a
// text the server tries to send fails as with Twilio unreachable.
const appPort = Number(process.env.E2E_PORT || 3100)

export const E2E_TWILIO = {
  port: Number(process.env.E2E_TWILIO_PORT || appPort + 1),
  accountSid: `AC${'e2e0'.repeat(8)}`,
  authToken: 'e2e-fake-twilio-auth-token',
  from: '+15125550142',
}

export const e2eTwilioEnv = () => ({
  TWILIO_ACCOUNT_SID: E2E_TWILIO.accountSid,
  TWILIO_AUTH_TOKEN: E2E_TWILIO.authToken,
  TWILIO_FROM: E2E_TWILIO.from,
  TWILIO_API_URL: `http://127.0.0.1:${E2E_TWILIO.port}`,
})
