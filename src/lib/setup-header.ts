// Its own module so the sign-up form can name it without the server-side crypto.
export const SETUP_TOKEN_HEADER = 'x-setup-token'
