// The only stranger-written text the confirmation repeats: nothing link-like, so it cannot carry spam.
export const MAX_GREETING_NAME = 30

export function greetingName(firstName: string): string | null {
  const name = firstName.replace(/\s+/g, ' ').trim()
  if (!name || [...name].length > MAX_GREETING_NAME) return null
  if (/[/:@<>\\]|www|\.[a-z]{2,}/i.test(name)) return null
  return name
}
