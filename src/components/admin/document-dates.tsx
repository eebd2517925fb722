import type { Payload } from 'payload'

import { readTimeZone } from './back-office-data'
import { DocumentDatesClient } from './document-dates.client'

import './document-dates.css'

// Created and Last Modified of Payload's edit views in the business's time zone.
export async function DocumentDates({ payload }: { payload: Payload }) {
  return <DocumentDatesClient timeZone={await readTimeZone(payload)} />
}
