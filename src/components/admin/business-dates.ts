import type { Field, SanitizedConfig } from 'payload'

const DATE_CELL = '@/components/admin/business-date-cell#BusinessDateCell'
const DOCUMENT_DATES = '@/components/admin/document-dates#DocumentDates'

// Payload's list and edit views format dates in the reader's browser zone (a list cell
// uses a field's own zone only for fields stored with one). Staff read every date in the
// business's zone instead: each date column of every collection, timestamps included,
// gets a cell that formats on the server in that zone, and each edit view shows its
// created and modified times the same way (document-dates.css hides Payload's pair).
// Runs on the sanitised config because the timestamp fields only exist from there on.
export function showDatesInBusinessZone(config: SanitizedConfig): SanitizedConfig {
  for (const collection of config.collections) {
    const dateFields = [...collection.fields, ...collection.flattenedFields].filter(
      (f): f is Extract<Field, { type: 'date' }> => f.type === 'date',
    )
    for (const field of dateFields) {
      field.admin = { ...field.admin, components: { ...field.admin?.components, Cell: DATE_CELL } }
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
