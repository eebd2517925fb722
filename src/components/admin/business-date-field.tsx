import type { DateFieldServerProps } from 'payload'

import { readTimeZone } from '@/data/back-office'
import { BusinessDateFieldClient } from './business-date-field.client'

import './business-date-field.css'

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
