import type { PayloadRequest, SendEmailOptions, TaskConfig } from 'payload'

import type { SiteSetting, Statement } from '@/payload-types'
import { deliverOnce } from '@/server/email-delivery'

type StatementTask = 'sendStatement' | 'sendStatementReminder'

// A dealership's e-mail about one statement, to its billing address with the business's as
// Reply-To: once per statement and kind, whatever the runners (src/server/email-delivery.ts).
// `mail` reads the statement as it is under the claim and answers null when there is nothing
// to send any more (a reminder for a statement paid since it was queued).
export function statementEmailTask<S extends StatementTask>(task: {
  slug: S
  label: string
  /** Names this kind of e-mail in the delivery claims (stored: do not rename). */
  once: string
  mail: (
    statement: Statement,
    settings: SiteSetting,
    req: PayloadRequest,
  ) => Promise<Omit<SendEmailOptions, 'to' | 'replyTo'> | null>
}): TaskConfig<S> {
  return {
    slug: task.slug,
    label: task.label,
    inputSchema: [{ name: 'statementId', type: 'number', required: true }],
    outputSchema: [{ name: 'sent', type: 'checkbox' }],
    retries: { attempts: 12, backoff: { type: 'exponential', delay: 30_000 } },
    handler: async ({ input, req }) => {
      const { payload } = req
      const id = (input as { statementId: number }).statementId
      const read = (disableErrors: boolean) =>
        payload.findByID({
          collection: 'statements',
          id,
          depth: 0,
          overrideAccess: true,
          disableErrors,
          req,
        })
      if (!(await read(true))) return { output: { sent: false } }
      const settings = await payload.findGlobal({ slug: 'site-settings', overrideAccess: true, req })
      const sent = await deliverOnce(payload, `${task.once}:${id}`, async (withHandOver) => {
        const statement = await read(false)
        const mail = await task.mail(statement, settings, req)
        if (!mail) return false
        await payload.sendEmail(
          withHandOver({ ...mail, to: statement.billingEmail, replyTo: settings.email }),
        )
        return true
      })
      return { output: { sent } }
    },
  } as TaskConfig<S>
}
