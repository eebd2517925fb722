import { statementFiles } from '@/collections/Statements/statementFiles'
import { formatMoney } from '@/lib/money'
import { serverUrl } from '@/lib/server-url'
import { periodLabel } from '@/lib/statements'
import { XLSX_CONTENT_TYPE } from '@/lib/xlsx'

import { statementEmailTask } from '../statementEmail'

// An issued statement to the dealership, its PDF, CSV and Excel workbook attached.
export const sendStatement = statementEmailTask({
  slug: 'sendStatement',
  label: 'Send a dealership its monthly statement',
  once: 'statement',
  mail: async (statement, settings, req) => {
    const files = await statementFiles(req.payload, statement, req)
    const { render } = await import('@react-email/render')
    const { StatementEmail } = await import('@/email/templates/statement')
    const element = StatementEmail({
      businessName: settings.businessName,
      businessPhone: settings.phone,
      dealershipName: statement.dealershipName,
      number: statement.number,
      month: periodLabel(statement.period),
      wheels: statement.lines?.length ?? 0,
      credits: statement.creditCents ? formatMoney(statement.creditCents) : null,
      total: formatMoney(statement.totalCents),
      netTermsDays: statement.netTermsDays,
      portalLink: `${serverUrl()}/partners/statements`,
    })
    return {
      subject: `Statement ${statement.number} for ${periodLabel(statement.period)} from ${settings.businessName}`,
      html: await render(element),
      text: await render(element, { plainText: true }),
      attachments: [
        { filename: files.pdfName, content: files.pdf, contentType: 'application/pdf' },
        { filename: files.csvName, content: files.csv, contentType: 'text/csv' },
        {
          filename: files.xlsxName,
          content: files.xlsx,
          contentType: XLSX_CONTENT_TYPE,
        },
      ],
    }
  },
})
