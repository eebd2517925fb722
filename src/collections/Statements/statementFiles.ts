import type { Payload, PayloadRequest } from 'payload'

import type { Statement } from '@/payload-types'
import { businessTimeZone, formatBusinessDate, formatCalendarDate } from '@/lib/business-time'
import {
  STATEMENT_CSV_HEADER,
  type StatementDocument,
  statementCsv,
  statementDueDay,
  statementRows,
} from '@/lib/statements'
import { xlsxFile } from '@/lib/xlsx'

export type StatementFiles = {
  pdf: Buffer
  csv: string
  xlsx: Buffer
  pdfName: string
  csvName: string
  xlsxName: string
}

export function statementDocument(s: Statement): StatementDocument {
  return {
    number: s.number,
    period: s.period,
    lines: (s.lines ?? []).map((l) => ({
      doneOn: l.doneOn,
      stockNumber: l.stockNumber,
      vin: l.vin,
      poNumber: l.poNumber ?? null,
      roNumber: l.roNumber ?? null,
      position: l.position,
      service: l.service,
      unitPriceCents: l.unitPriceCents,
    })),
    creditLines: (s.creditLines ?? []).map((c) => ({
      description: c.description,
      amountCents: c.amountCents,
    })),
    subtotalCents: s.subtotalCents,
    creditCents: s.creditCents,
    totalCents: s.totalCents,
  }
}

export type StatementFileKind = 'pdf' | 'csv' | 'xlsx'

export const statementFileName = (s: Pick<Statement, 'number'>, kind: StatementFileKind) =>
  `statement-${s.number}.${kind}`

/**
 * The statement's PDF, CSV and Excel workbook, made from the stored statement (which never
 * changes), so the files are the same whenever they are asked for: in the e-mail, the portal or
 * the back office.
 */
export async function statementFiles(
  payload: Payload,
  statement: Statement,
  req?: Partial<PayloadRequest>,
): Promise<StatementFiles> {
  const settings = await payload.findGlobal({ slug: 'site-settings', depth: 0, overrideAccess: true, req })
  const doc = statementDocument(statement)
  const timeZone = businessTimeZone(settings.timeZone)
  const { renderStatementPdf } = await import('./statementPdf')
  const pdf = await renderStatementPdf({
    ...doc,
    businessName: settings.businessName,
    businessPhone: settings.phone,
    businessEmail: settings.email,
    remitAddress: settings.mailingAddress ?? '',
    dealershipName: statement.dealershipName,
    billingEmail: statement.billingEmail,
    billingAddress: statement.billingAddress ?? '',
    netTermsDays: statement.netTermsDays,
    issuedAt: new Date(statement.issuedAt),
    issuedOn: formatBusinessDate(statement.issuedAt, timeZone, { time: false }),
    dueOn: formatCalendarDate(statementDueDay(statement.issuedAt, statement.netTermsDays, timeZone)),
  })
  return {
    pdf,
    csv: statementCsv(doc, statement.dealershipName),
    xlsx: await xlsxFile('Statement', STATEMENT_CSV_HEADER, statementRows(doc, statement.dealershipName)),
    pdfName: statementFileName(statement, 'pdf'),
    csvName: statementFileName(statement, 'csv'),
    xlsxName: statementFileName(statement, 'xlsx'),
  }
}
