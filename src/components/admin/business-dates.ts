import type { Field, SanitizedConfig } from 'payload'

const DATE_CELL = '@/components/admin/business-date-cell#BusinessDateCell'
const DATE_FIELD = '@/components/admin/business-date-field#BusinessDateField'
const DOCUMENT_DATES = '@/components/admin/document-dates#DocumentDates'

// Payload shows dates in the browser's zone; staff read them in the business's zone, so every
// date cell, date input and edit-view timestamp gets our own component.
// Runs on the sanitised config because the timestamp fields only exist from there on.
export function showDatesInBusinessZone(config: SanitizedConfig): SanitizedConfig {
  for (const collection of config.collections) {
    const dateFields = [...collection.fields, ...collection.flattenedFields].filter(
      (f): f is Extract<Field, { type: 'date' }> => f.type === 'date',
    )
    // A field with components of its own (a calendar day, src/fields/calendar-day.ts) keeps them.
    for (const field of dateFields) {
      const own = field.admin?.components
      const components = { Cell: DATE_CELL, ...own }
      if (!field.admin?.hidden && !own?.Field) components.Field = DATE_FIELD
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
