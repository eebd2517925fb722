// The request header that carries the first admin's setup token (src/server/setup-token.ts);
// its own module so the sign-up form can name it without the server-side crypto.
export const SETUP_TOKEN_HEADER = 'x-setup-token'
