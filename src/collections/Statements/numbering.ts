import { declareYearCounter } from '@/server/year-counters'

// Statement numbers run S<year>-0001, -0002... per year of the month they cover
// (src/server/year-counters.ts), taken in the transaction that issues the statement.
export const declareStatementCounters = declareYearCounter('statement_counters')
