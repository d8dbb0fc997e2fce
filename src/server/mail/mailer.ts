/**
 * Outgoing mail: SMTP when SMTP_URL is set, otherwise one `.eml` file per message in
 * DATA_DIR/outbox/ so codes can be read offline (DESIGN.md contract; /workshop/home lists them).
 */
import { createHash, randomBytes } from 'node:crypto'
import { mkdir, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { createTransport, type Transporter } from 'nodemailer'
import { config } from '../../../app.config'
import { siteOrigin } from '~/server/http/origin'
import { log } from '~/server/log'

export interface Mail {
  to: string
  subject: string
  text: string
  /**
   * One key per logical mail (an order event): it becomes the Message-ID, so a copy sent twice
   * (a crash between sending and recording it) is the same message to the receiving side.
   */
  idempotencyKey?: string
}

/** A stable Message-ID for a key: the same key always names the same message. */
export function messageIdFor(key: string): string {
  const host = new URL(siteOrigin()).hostname
  return `<${createHash('sha256').update(key).digest('hex').slice(0, 32)}@${host}>`
}

export function outboxDir(): string {
  return path.resolve(config().DATA_DIR, 'outbox')
}

let smtp: Transporter | undefined
/** Renders messages without sending them: the same RFC 822 bytes SMTP would carry. */
const renderer = createTransport({ streamTransport: true, buffer: true, newline: 'unix' })

export async function sendMail(mail: Mail): Promise<void> {
  const message = {
    from: config().MAIL_FROM,
    to: mail.to,
    subject: mail.subject,
    text: mail.text,
    textEncoding: 'quoted-printable' as const,
    ...(mail.idempotencyKey ? { messageId: messageIdFor(mail.idempotencyKey) } : {}),
  }
  const url = config().SMTP_URL
  if (url) {
    smtp ??= createTransport(url)
    await smtp.sendMail(message)
    return
  }
  const info = await renderer.sendMail(message)
  const dir = outboxDir()
  // Sortable by time; the random part keeps two messages in one millisecond apart.
  const file = path.join(dir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(3).toString('hex')}.eml`)
  // The directory is made when a write finds it missing (not before every mail).
  await writeFile(file, info.message as Buffer).catch(async (err: NodeJS.ErrnoException) => {
    if (err.code !== 'ENOENT') throw err
    await mkdir(dir, { recursive: true })
    await writeFile(file, info.message as Buffer)
  })
  log.info({ file: path.basename(file) }, 'mail written to outbox')
}
