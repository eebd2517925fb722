// A priced quote's life with its customer; the lead keeps its own four statuses.
export const QUOTE_STATUSES = ['draft', 'sent', 'accepted', 'changes_requested'] as const
export type QuoteStatus = (typeof QUOTE_STATUSES)[number]

export const QUOTE_STATUS_LABELS: Record<QuoteStatus, string> = {
  draft: 'Not sent',
  sent: 'Sent',
  accepted: 'Accepted',
  changes_requested: 'Changes requested',
}

// The terms page: "estimates valid 30 days".
export const QUOTE_VALID_DAYS = 30

// Set in a request's context by the server code that sends or settles a quote.
export const QUOTE_STATUS_CONTEXT = 'quoteStatus'

// Where the customer's quote page posts its answers (under /api).
export const QUOTE_LINK_ENDPOINTS = {
  accept: '/quote-links/accept',
  changes: '/quote-links/changes',
} as const

// The longest request for changes a customer can send from the quote's page.
export const CHANGE_REQUEST_MAX = 2000
