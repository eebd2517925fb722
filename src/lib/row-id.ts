// Records' ids are PostgreSQL integers (serial). A path's id that is not one names no record,
// and one past the column's range would make PostgreSQL refuse the query (a 500).
export const MAX_ROW_ID = 2_147_483_647

/** The record id a path or form names, or null when it can name none. */
export function rowId(value: unknown): number | null {
  const id =
    typeof value === 'number'
      ? value
      : typeof value === 'string' && /^\d{1,10}$/.test(value)
        ? Number(value)
        : NaN
  return Number.isInteger(id) && id >= 1 && id <= MAX_ROW_ID ? id : null
}
