/**
 * One logical mail, sent more than once (a worker dying between sending and completing its job
 * sends it again): over SMTP every copy carries the same Message-ID, so the receiving side can
 * tell it is one message; the offline outbox writes it once, also when the copies race or the
 * first send died half-way through writing it (ADR 107). SMTP here is a local server
 * (smtp-server) recording what it receives.
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { SMTPServer } from 'smtp-server'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { messageIdFor, sendMail } from '../../src/server/mail/mailer'
import { configForFile, withConfig } from './test-config'

const dataDir = mkdtempSync(path.join(tmpdir(), 'mail-transport-'))
configForFile({ DATA_DIR: dataDir, SMTP_URL: undefined, LOG_LEVEL: 'silent' })

const outbox = () => {
  try {
    return readdirSync(path.join(dataDir, 'outbox')).filter((f) => f.endsWith('.eml'))
  } catch {
    return []
  }
}
const mail = (key?: string) => ({
  to: 'shopper@example.test',
  subject: 'Your order',
  text: 'Thanks',
  idempotencyKey: key,
})
const headerOf = (raw: string, name: string) => new RegExp(`^${name}:\\s*(.*)$`, 'im').exec(raw)?.[1]?.trim()

describe('the offline outbox', () => {
  it('writes a keyed mail once however often it is sent, also at once; a mail without a key every time', async () => {
    await sendMail(mail('order-mail:1:receipt'))
    await sendMail(mail('order-mail:1:receipt'))
    await Promise.all(Array.from({ length: 10 }, () => sendMail(mail('order-mail:2:receipt'))))
    await sendMail(mail())
    await sendMail(mail())
    const files = outbox()
    expect(files).toHaveLength(4)
    const ids = files.map((f) => headerOf(readFileSync(path.join(dataDir, 'outbox', f), 'utf8'), 'Message-ID'))
    expect(ids).toContain(messageIdFor('order-mail:1:receipt'))
    expect(ids).toContain(messageIdFor('order-mail:2:receipt'))
    // Named by time first: the workshop page and the tests list the newest first by name.
    expect(files.every((f) => /^\d{4}-\d\d-\d\dT/.test(f))).toBe(true)
  })

  it('a send that died after claiming its key, before the file was in the outbox, is completed by the next', async () => {
    const key = 'order-mail:3:delivered'
    const digest = /^<([0-9a-f]{32})@/.exec(messageIdFor(key))![1]!
    // What the dead send left: the claim, the file not yet published.
    mkdirSync(path.join(dataDir, 'outbox-sent'), { recursive: true })
    writeFileSync(path.join(dataDir, 'outbox-sent', digest), 'Message-ID: earlier copy\n\nThanks\n')
    await sendMail(mail(key))
    await sendMail(mail(key))
    const published = outbox().filter((f) => f.includes(digest))
    expect(published).toHaveLength(1)
    expect(readFileSync(path.join(dataDir, 'outbox', published[0]!), 'utf8')).toContain('earlier copy')
  })
})

describe('SMTP', () => {
  const received: string[] = []
  let server: SMTPServer
  let port: number

  beforeAll(async () => {
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, _session, done) {
        let raw = ''
        stream.on('data', (chunk: Buffer) => (raw += chunk.toString()))
        stream.on('end', () => {
          received.push(raw)
          done()
        })
      },
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    port = (server.server.address() as AddressInfo).port
  })
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

  it('every copy of one logical mail carries the same Message-ID; another mail another one', async () => {
    await withConfig({ SMTP_URL: `smtp://127.0.0.1:${port}` }, async () => {
      await sendMail(mail('order-mail:9:receipt'))
      await sendMail(mail('order-mail:9:receipt'))
      await sendMail(mail('order-mail:9:delivered'))
    })
    const ids = received.map((raw) => headerOf(raw, 'Message-ID'))
    expect(ids).toEqual([
      messageIdFor('order-mail:9:receipt'),
      messageIdFor('order-mail:9:receipt'),
      messageIdFor('order-mail:9:delivered'),
    ])
    expect(ids[0]).not.toBe(ids[2])
  })
})
