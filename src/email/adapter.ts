import fs from 'node:fs'
import path from 'node:path'
import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'

import { nodemailerAdapter } from '@payloadcms/email-nodemailer'
import { toPlainText } from '@react-email/render'
import nodemailer from 'nodemailer'
import type { Transport } from 'nodemailer'
import type Mail from 'nodemailer/lib/mailer'

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

// A message given a `handOver` (src/server/email-delivery.ts) ends only once it has resolved,
// and that is asked for only when the transport has read the rest (a stream of no buffer, after
// every stage of the message's own): the mail server can take a message only at its last line,
// so a runner that dies before the mark never handed it over. A rejection stops the message.
const holdLastLineForHandOver: Mail.PluginFunction = (mail, done) => {
  const handOver = (mail.data as { handOver?: () => Promise<void> }).handOver
  if (handOver) {
    mail.message.processFunc((input) =>
      Readable.from(
        (async function* () {
          for await (const chunk of input) yield chunk as Buffer
          await handOver()
        })(),
        { objectMode: false, highWaterMark: 0 },
      ),
    )
  }
  done()
}

// Every message gets a plain-text part: Payload's own account e-mails come as HTML only, which
// spam filters score against (SpamAssassin's MIME_HTML_ONLY).
const addPlainText: Mail.PluginFunction = (mail, done) => {
  if (typeof mail.data.html === 'string' && !mail.data.text) mail.data.text = toPlainText(mail.data.html)
  done()
}

// SMTP when SMTP_HOST is set, else the capture folder: for Payload's adapter and the scripts.
export function mailTransport() {
  const env = process.env
  const port = Number(env.SMTP_PORT || 587)
  const transport = env.SMTP_HOST
    ? nodemailer.createTransport({
        host: env.SMTP_HOST,
        port,
        secure: env.SMTP_SECURE ? env.SMTP_SECURE === 'true' : port === 465,
        auth: env.SMTP_USER ? { user: env.SMTP_USER, pass: env.SMTP_PASS ?? '' } : undefined,
      })
    : nodemailer.createTransport(captureTransport())
  transport.use('compile', addPlainText)
  transport.use('stream', holdLastLineForHandOver)
  return transport
}

export const mailFrom = () => ({
  address: process.env.EMAIL_FROM_ADDRESS || 'no-reply@curbsiderim.co',
  name: process.env.EMAIL_FROM_NAME || 'Curbside Rim Co.',
})

export function emailAdapter() {
  const from = mailFrom()
  return nodemailerAdapter({
    defaultFromAddress: from.address,
    defaultFromName: from.name,
    skipVerify: true,
    transport: mailTransport(),
  })
}
