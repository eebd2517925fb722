// The inbox's one form: a conversation opened from its row (the lead of its newest text).
export const openConversationPath = (lead: number) => `/api/text-messages/conversations/${lead}/open`

export const isOpenConversationPath = (pathname: string) =>
  /^\/api\/text-messages\/conversations\/[^/]+\/open$/.test(pathname)
