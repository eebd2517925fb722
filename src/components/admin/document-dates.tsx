import type { Payload } from 'payload'

import { readTimeZone } from '@/data/back-office'
import { DocumentDatesClient } from './document-dates.client'

import './document-dates.css'

// Payload's own pair is hidden by document-dates.css.
export async function DocumentDates({ payload }: { payload: Payload }) {
  return <DocumentDatesClient timeZone={await readTimeZone(payload)} />
}
