// For what only the server does (counters, authorship, rate limits, jobs). It takes no
// arguments, so it fits collection, field and jobs access alike.
export const nobody = (): false => false
