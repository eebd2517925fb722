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
