import type { DateFieldServerProps } from 'payload'

import { readTimeZone } from './back-office-data'
import { BusinessDateFieldClient } from './business-date-field.client'

import './business-date-field.css'

// A date field of Payload's edit views whose picker shows and sets the business's wall
// time, wherever the reader's browser is (see business-dates.ts).
export async function BusinessDateField({ clientField, path, readOnly, payload }: DateFieldServerProps) {
  return (
    <BusinessDateFieldClient
      field={clientField}
      path={path}
      readOnly={readOnly}
      timeZone={await readTimeZone(payload)}
    />
  )
}
