import fs from 'node:fs'
import path from 'node:path'
import { pipeline } from 'node:stream/promises'

import { nodemailerAdapter } from '@payloadcms/email-nodemailer'
import nodemailer from 'nodemailer'
import type { Transport } from 'nodemailer'

import { MAIL_DIR } from '@/server/paths'

// Without SMTP_HOST, mail goes to .data/mail/*.eml, so start-up needs no mail server. It is
// streamed (business e-mails carry photos) to a file beside the folder, then moved in, so
// readers never find half a message.
function captureTransport(): Transport {
  return {
    name: 'local-capture',
    version: '1',
    send(mail, callback) {
      const messageId = mail.message.messageId()
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${messageId.replace(/[^a-z0-9]/gi, '').slice(0, 16)}.eml`
      const partial = path.join(`${MAIL_DIR}.partial`, name)
      const file = path.join(MAIL_DIR, name)
      const written = (async () => {
        await fs.promises.mkdir(path.dirname(partial), { recursive: true })
        await fs.promises.mkdir(MAIL_DIR, { recursive: true })
        try {
          await pipeline(mail.message.createReadStream(), fs.createWriteStream(partial))
          await fs.promises.rename(partial, file)
        } catch (err) {
          await fs.promises.rm(partial, { force: true })
          throw err
        }
      })()
      written.then(
        () => {
          const to = [mail.data.to].flat().map(String).join(', ')
          console.log(`[mail] captured "${String(mail.data.subject ?? '')}" to ${to}: ${file}`)
          callback(null, { envelope: mail.message.getEnvelope(), messageId })
        },
        (err: Error) => callback(err, undefined),
      )
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
