import fs from 'node:fs'
import path from 'node:path'

import { nodemailerAdapter } from '@payloadcms/email-nodemailer'
import nodemailer from 'nodemailer'
import type { Transport } from 'nodemailer'

import { MAIL_DIR } from '@/server/paths'

// Without SMTP_HOST, e-mail is captured locally: each message is written to
// .data/mail/<time>-<id>.eml (open it in any mail client) and announced in the log.
// Start-up never needs a mail server or the internet.
function captureTransport(): Transport {
  return {
    name: 'local-capture',
    version: '1',
    send(mail, callback) {
      mail.message.build((err, message) => {
        if (err) return callback(err, undefined)
        try {
          fs.mkdirSync(MAIL_DIR, { recursive: true })
          const messageId = mail.message.messageId()
          const file = path.join(
            MAIL_DIR,
            `${new Date().toISOString().replace(/[:.]/g, '-')}-${messageId.replace(/[^a-z0-9]/gi, '').slice(0, 16)}.eml`,
          )
          fs.writeFileSync(file, message)
          const to = [mail.data.to].flat().map(String).join(', ')
          console.log(`[mail] captured "${String(mail.data.subject ?? '')}" to ${to}: ${file}`)
          callback(null, { envelope: mail.message.getEnvelope(), messageId })
        } catch (writeErr) {
          callback(writeErr as Error, undefined)
        }
      })
    },
  }
}

export function emailAdapter() {
  const env = process.env
  const defaultFromAddress = env.EMAIL_FROM_ADDRESS || 'no-reply@curbsiderim.co'
  const defaultFromName = env.EMAIL_FROM_NAME || 'Curbside Rim Co.'
  if (env.SMTP_HOST) {
    const port = Number(env.SMTP_PORT || 587)
    return nodemailerAdapter({
      defaultFromAddress,
      defaultFromName,
      skipVerify: true,
      transport: nodemailer.createTransport({
        host: env.SMTP_HOST,
        port,
        secure: env.SMTP_SECURE ? env.SMTP_SECURE === 'true' : port === 465,
        auth: env.SMTP_USER ? { user: env.SMTP_USER, pass: env.SMTP_PASS ?? '' } : undefined,
      }),
    })
  }
  return nodemailerAdapter({
    defaultFromAddress,
    defaultFromName,
    skipVerify: true,
    transport: nodemailer.createTransport(captureTransport()),
  })
}
