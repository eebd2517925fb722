// NIST SP 800-63B: at least 8 characters (we ask 10) and no common password (@zxcvbn-ts/language-common).
export const MIN_PASSWORD_LENGTH = 10
export const PASSWORD_TOO_SHORT = `Use at least ${MIN_PASSWORD_LENGTH} characters.`
export const PASSWORD_TOO_COMMON = 'This password is too common. Choose another.'

let common: Promise<Set<string>> | undefined

// Loaded on the first check, not with every server start.
function commonPasswords(): Promise<Set<string>> {
  common ??= import('@zxcvbn-ts/language-common').then(
    ({ dictionary }) =>
      new Set(
        (dictionary['passwords-common'] as string[])
          .filter((p) => p.length >= MIN_PASSWORD_LENGTH)
          .map((p) => p.toLowerCase()),
      ),
  )
  return common
}

export async function passwordProblem(password: string): Promise<string | null> {
  if ([...password].length < MIN_PASSWORD_LENGTH) return PASSWORD_TOO_SHORT
  if ((await commonPasswords()).has(password.toLowerCase())) return PASSWORD_TOO_COMMON
  return null
}
