import type { CollectionBeforeChangeHook, CollectionBeforeDeleteHook } from 'payload'
import { APIError } from 'payload'

export const STATEMENT_IS_FINAL =
  'An issued statement cannot be changed: add a credit for the dealership, which its next statement carries.'
export const STATEMENTS_ARE_ISSUED = 'Statements are issued by the monthly run, not written by hand.'

// What the issuing code sets on its request's context; nothing else creates a statement.
export const ISSUING_STATEMENT = 'issuingStatement'

// Final from the moment it is issued, for everyone (admins and the Local API included): the
// dealership was sent it. Only the issuing run creates one, with what it computed.
export const keepIssuedStatements: CollectionBeforeChangeHook = ({ data, operation, req }) => {
  if (operation === 'update') throw new APIError(STATEMENT_IS_FINAL, 400, null, true)
  if (req.context?.[ISSUING_STATEMENT] !== true) throw new APIError(STATEMENTS_ARE_ISSUED, 400, null, true)
  return data
}

export const keepStatementsFromDeletion: CollectionBeforeDeleteHook = () => {
  throw new APIError(STATEMENT_IS_FINAL, 400, null, true)
}
