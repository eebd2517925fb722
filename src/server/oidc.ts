import { randomBytes } from 'node:crypto'

import payloadConfig from '@payload-config'
import * as client from 'openid-client'
import type { Payload } from 'payload'
import { createLocalReq, getFieldsToSign, getPayload, jwtSign } from 'payload'
import { addSessionToUser, generatePayloadCookie } from 'payload/shared'

import type { User } from '@/payload-types'
import type { GoogleOidcSettings } from '@/server/oidc-config'
import { safeAdminRedirect } from '@/lib/safe-redirect'
import { SIGN_UP_METHOD_CONTEXT } from '@/collections/Users/signUpMethod'

export const OIDC_COOKIE = 'curbside-oidc'
export const OIDC_COOKIE_MAX_AGE = 600

export class OidcError extends Error {}

const configurations = new Map<string, Promise<client.Configuration>>()

function configuration(settings: GoogleOidcSettings): Promise<client.Configuration> {
  const key = `${settings.issuer}|${settings.clientId}`
  let found = configurations.get(key)
  if (!found) {
    const insecure = new URL(settings.issuer).protocol === 'http:'
    found = client.discovery(
      new URL(settings.issuer),
      settings.clientId,
      settings.clientSecret,
      undefined,
      // Only a local test provider runs on plain http; Google itself is https.
      insecure ? { execute: [client.allowInsecureRequests] } : undefined,
    )
    found.catch(() => configurations.delete(key))
    configurations.set(key, found)
  }
  return found
}

type Transient = { verifier: string; state: string; nonce: string; returnTo: string }

function encodeTransient(value: Transient): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url')
}

function decodeTransient(value: string | undefined): Transient | null {
  if (!value) return null
  try {
    const parsed = JSON.parse(Buffer.from(value, 'base64url').toString('utf8')) as Partial<Transient>
    if (
      typeof parsed.verifier !== 'string' ||
      typeof parsed.state !== 'string' ||
      typeof parsed.nonce !== 'string'
    ) {
      return null
    }
    return {
      verifier: parsed.verifier,
      state: parsed.state,
      nonce: parsed.nonce,
      returnTo: safeAdminRedirect(parsed.returnTo),
    }
  } catch {
    return null
  }
}

export async function startGoogleSignIn(args: {
  settings: GoogleOidcSettings
  redirectUri: string
  returnTo: unknown
}): Promise<{ authorizationUrl: URL; cookieValue: string }> {
  const config = await configuration(args.settings)
  const verifier = client.randomPKCECodeVerifier()
  const state = client.randomState()
  const nonce = client.randomNonce()
  const authorizationUrl = client.buildAuthorizationUrl(config, {
    redirect_uri: args.redirectUri,
    scope: 'openid email profile',
    code_challenge: await client.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
    state,
    nonce,
    prompt: 'select_account',
  })
  return {
    authorizationUrl,
    cookieValue: encodeTransient({ verifier, state, nonce, returnTo: safeAdminRedirect(args.returnTo) }),
  }
}

function providerMessage(error: unknown): string {
  if (error instanceof OidcError) return error.message
  // The provider's own wording is not shown: only known messages reach /login.
  if (error instanceof client.AuthorizationResponseError && error.error === 'access_denied') {
    return 'The user denied access.'
  }
  if (error instanceof client.ResponseBodyError) return error.error_description || error.error
  if (error instanceof Error && error.message) return `Google sign-in failed: ${error.message}`
  return 'Google sign-in failed.'
}

async function findOrCreateUser(payload: Payload, claims: client.IDToken): Promise<User> {
  const subject = claims.sub
  const email = typeof claims.email === 'string' ? claims.email.trim().toLowerCase() : ''
  if (!email || claims.email_verified !== true) {
    throw new OidcError('Your Google account has no verified e-mail address.')
  }
  const bySubject = await payload.find({
    collection: 'users',
    where: { googleSubject: { equals: subject } },
    limit: 1,
    depth: 0,
    overrideAccess: true,
  })
  if (bySubject.docs[0]) return bySubject.docs[0]

  const byEmail = await payload.find({
    collection: 'users',
    where: { email: { equals: email } },
    limit: 1,
    depth: 0,
    overrideAccess: true,
  })
  const existing = byEmail.docs[0]
  if (existing) {
    if (existing.googleSubject && existing.googleSubject !== subject) {
      throw new OidcError('This e-mail address is linked to a different Google account.')
    }
    // An unconfirmed account may have been made by someone who knows its password but not the address:
    // linking it would hand them the owner's Google sign-in.
    if (existing._verified !== true) {
      throw new OidcError(
        'An account with this e-mail address exists but its address was never confirmed. Ask an admin to remove it, then sign in with Google again.',
      )
    }
    // Linking changes how the account signs in, so its existing sessions end.
    return payload.update({
      collection: 'users',
      id: existing.id,
      data: { googleSubject: subject, sessions: [] },
      overrideAccess: true,
      depth: 0,
    })
  }
  return payload.create({
    collection: 'users',
    data: {
      email,
      password: randomBytes(32).toString('base64url'),
      role: 'staff',
      approved: false,
      googleSubject: subject,
      _verified: true,
    },
    disableVerificationEmail: true,
    overrideAccess: true,
    context: { [SIGN_UP_METHOD_CONTEXT]: 'google' },
    depth: 0,
  })
}

export type GoogleSignInResult =
  { ok: true; user: User; cookie: string; returnTo: string } | { ok: false; message: string }

export async function completeGoogleSignIn(args: {
  /** The app's own Payload when not given. */
  payload?: Payload
  settings: GoogleOidcSettings
  currentUrl: URL
  cookieValue: string | undefined
}): Promise<GoogleSignInResult> {
  const payload = args.payload ?? (await getPayload({ config: payloadConfig }))
  try {
    const transient = decodeTransient(args.cookieValue)
    if (!transient) throw new OidcError('Your Google sign-in expired. Please try again.')
    // openid-client checks state too, but with a generic message.
    const error = args.currentUrl.searchParams.get('error')
    if (!error && args.currentUrl.searchParams.get('state') !== transient.state) {
      throw new OidcError('Google sign-in could not be verified. Please try again.')
    }
    const config = await configuration(args.settings)
    const tokens = await client.authorizationCodeGrant(config, args.currentUrl, {
      pkceCodeVerifier: transient.verifier,
      expectedState: transient.state,
      expectedNonce: transient.nonce,
      idTokenExpected: true,
    })
    const claims = tokens.claims()
    if (!claims) throw new OidcError('Google did not identify the account.')
    const user = await findOrCreateUser(payload, claims)

    // Payload 3.90 only accepts sessions and tokens it issued: the same steps as its own login.
    const collectionConfig = payload.collections.users.config
    const req = await createLocalReq({}, payload)
    const authUser = { ...user, collection: 'users' as const }
    const { sid } = await addSessionToUser({ collectionConfig, payload, req, user: authUser })
    const fieldsToSign = getFieldsToSign({ collectionConfig, email: user.email, sid, user: authUser })
    const { token } = await jwtSign({
      fieldsToSign,
      secret: payload.secret,
      tokenExpiration: collectionConfig.auth.tokenExpiration,
    })
    const cookie = generatePayloadCookie({
      collectionAuthConfig: collectionConfig.auth,
      cookiePrefix: payload.config.cookiePrefix,
      token,
    })
    return { ok: true, user, cookie, returnTo: transient.returnTo }
  } catch (error) {
    if (!(error instanceof OidcError) && !(error instanceof client.AuthorizationResponseError))
      payload.logger.warn({ err: error, msg: 'Google sign-in failed' })
    return { ok: false, message: providerMessage(error) }
  }
}
