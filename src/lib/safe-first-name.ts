// The only thing a stranger wrote that the customer confirmation repeats: a first name,
// short and with nothing that reads as a link or an address, so the business's mail
// cannot carry a stranger's message to someone else's inbox.
export const MAX_GREETING_NAME = 30

export function greetingName(firstName: string): string | null {
  const name = firstName.replace(/\s+/g, ' ').trim()
  if (!name || [...name].length > MAX_GREETING_NAME) return null
  if (/[/:@<>\\]|www|\.[a-z]{2,}/i.test(name)) return null
  return name
}
