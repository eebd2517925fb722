import type { Field, SanitizedConfig } from 'payload'

const DATE_CELL = '@/components/admin/business-date-cell#BusinessDateCell'
const DATE_FIELD = '@/components/admin/business-date-field#BusinessDateField'
const DOCUMENT_DATES = '@/components/admin/document-dates#DocumentDates'

// Payload's list and edit views format and pick dates in the reader's browser zone (a
// list cell uses a field's own zone only for fields stored with one). Staff read every
// date in the business's zone instead: each date column of every collection, timestamps
// included, gets a cell that formats on the server in that zone; each date input of an
// edit view shows and picks that zone's wall time (business-date-field.tsx); each edit
// view shows its created and modified times in it (document-dates.css hides Payload's pair).
// Runs on the sanitised config because the timestamp fields only exist from there on.
export function showDatesInBusinessZone(config: SanitizedConfig): SanitizedConfig {
  for (const collection of config.collections) {
    const dateFields = [...collection.fields, ...collection.flattenedFields].filter(
      (f): f is Extract<Field, { type: 'date' }> => f.type === 'date',
    )
    for (const field of dateFields) {
      const components = { ...field.admin?.components, Cell: DATE_CELL }
      // Hidden fields render no input.
      if (!field.admin?.hidden) components.Field = DATE_FIELD
      field.admin = { ...field.admin, components }
    }
    if (collection.timestamps !== false) {
      const components = (collection.admin.components ??= {})
      const edit = (components.edit ??= {})
      const before = Array.isArray(edit.beforeDocumentControls) ? edit.beforeDocumentControls : []
      edit.beforeDocumentControls = [...before, DOCUMENT_DATES]
    }
  }
  return config
}
