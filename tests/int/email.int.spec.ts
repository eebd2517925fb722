import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'

import type { Payload } from 'payload'
import { SMTPServer } from 'smtp-server'
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest'

import { decodeMail } from '../helpers/captured-mail'

// The e-mail adapter the app uses, against a real SMTP server when SMTP_HOST is set,
// and the local capture (files under DATA_DIR/mail) when it is not.
const saved = { ...process.env }
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'mail-'))

afterEach(() => {
  for (const key of ['SMTP_HOST', 'SMTP_PORT', 'SMTP_SECURE', 'SMTP_USER', 'SMTP_PASS', 'DATA_DIR']) {
    if (saved[key] === undefined) delete process.env[key]
    else process.env[key] = saved[key]
  }
  vi.resetModules()
})

afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }))

type Message = {
  to: string
  subject: string
  text: string
  attachments?: { filename: string; content: Buffer }[]
}
async function sendWithAdapter(message: Message) {
  const { emailAdapter } = await import('@/email/adapter')
  const adapter = (await emailAdapter())({ payload: {} as Payload })
  return adapter.sendEmail(message)
}

describe('e-mail', () => {
  it('is delivered over SMTP when SMTP_HOST is set', async () => {
    const received: { from?: string; to: string[]; data: string }[] = []
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, session, callback) {
        let data = ''
        stream.on('data', (chunk: Buffer) => (data += chunk.toString()))
        stream.on('end', () => {
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : undefined,
            to: session.envelope.rcptTo.map((r) => r.address),
            data,
          })
          callback()
        })
      },
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    try {
      process.env.SMTP_HOST = '127.0.0.1'
      process.env.SMTP_PORT = String((server.server.address() as AddressInfo).port)
      process.env.SMTP_SECURE = 'false'
      await sendWithAdapter({ to: 'owner@curbside.test', subject: 'New quote request', text: 'Hello' })
      expect(received).toHaveLength(1)
      expect(received[0].to).toEqual(['owner@curbside.test'])
      expect(received[0].from).toBe('no-reply@curbsiderim.co')
      expect(received[0].data).toContain('Subject: New quote request')
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()))
    }
  })

  it('is captured to DATA_DIR/mail without SMTP_HOST', async () => {
    delete process.env.SMTP_HOST
    process.env.DATA_DIR = tmp
    await sendWithAdapter({ to: 'customer@curbside.test', subject: 'We got your request', text: 'Thanks' })
    const files = fs.readdirSync(path.join(tmp, 'mail'))
    expect(files).toHaveLength(1)
    expect(files[0]).toMatch(/\.eml$/)
    const eml = fs.readFileSync(path.join(tmp, 'mail', files[0]), 'utf8')
    expect(eml).toContain('To: customer@curbside.test')
    expect(eml).toContain('Subject: We got your request')
    expect(eml).toContain('Thanks')
  })

  it('gives a message sent as HTML only a plain-text part, as spam filters expect', async () => {
    delete process.env.SMTP_HOST
    process.env.DATA_DIR = path.join(tmp, 'html-only')
    await sendWithAdapter({
      to: 'new-staff@curbside.test',
      subject: 'Verify your account',
      html: '<p>Please <a href="https://curbsiderim.co/verify/abc">verify your e-mail</a>.</p>',
    } as unknown as Message)
    const [file] = fs.readdirSync(path.join(process.env.DATA_DIR, 'mail'))
    const eml = decodeMail(fs.readFileSync(path.join(process.env.DATA_DIR, 'mail', file), 'utf8'))
    expect(eml).toContain('Content-Type: text/html')
    const plain = eml.split(/Content-Type: text\/plain[^\n]*\n/)[1]
    expect(plain).toBeDefined()
    expect(plain).toMatch(/Please verify your e-mail \[?https:\/\/curbsiderim\.co\/verify\/abc\]?/)
  })

  it('captures a large message whole, written beside the folder and moved in once complete', async () => {
    delete process.env.SMTP_HOST
    const dataDir = path.join(tmp, 'large')
    process.env.DATA_DIR = dataDir
    const photo = randomBytes(5 * 1024 * 1024)
    await sendWithAdapter({
      to: 'owner@curbside.test',
      subject: 'Five megabytes of photo',
      text: 'Attached',
      attachments: [{ filename: 'photo-1.jpg', content: photo }],
    })
    const files = fs.readdirSync(path.join(dataDir, 'mail'))
    expect(files).toHaveLength(1)
    const eml = fs.readFileSync(path.join(dataDir, 'mail', files[0]), 'latin1')
    expect(eml).toContain('Subject: Five megabytes of photo')
    expect(eml.replace(/\r\n/g, '')).toContain(photo.toString('base64'))
    expect(fs.readdirSync(path.join(dataDir, 'mail.partial'))).toEqual([])
  })
})
