// For what only the server itself does (counters, authorship, rate-limit rows, running
// queued jobs): no API may do it, whoever asks. It takes no arguments, so the one rule
// fits collection, field and jobs access alike.
export const nobody = (): false => false
