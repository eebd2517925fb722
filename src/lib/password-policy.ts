// Staff passwords guard customers' names, phones and photos. NIST SP 800-63B asks for at
// least 8 characters and a check against known-compromised and common passwords; we ask
// for 10, and refuse any password in the common-password list that ships with
// @zxcvbn-ts/language-common (about 49 000 entries from public breach corpora).
export const MIN_PASSWORD_LENGTH = 10
export const PASSWORD_TOO_SHORT = `Use at least ${MIN_PASSWORD_LENGTH} characters.`
export const PASSWORD_TOO_COMMON = 'This password is too common. Choose another.'

let common: Promise<Set<string>> | undefined

// Loaded on the first password check, not with every server start.
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

// The reason a password is refused, or null when it is fine.
export async function passwordProblem(password: string): Promise<string | null> {
  if ([...password].length < MIN_PASSWORD_LENGTH) return PASSWORD_TOO_SHORT
  if ((await commonPasswords()).has(password.toLowerCase())) return PASSWORD_TOO_COMMON
  return null
}
