/**
 * Outgoing mail: SMTP when SMTP_URL is set, otherwise one `.eml` file per message in
 * DATA_DIR/outbox/ so codes can be read offline (DESIGN.md contract; /workshop/home lists them).
 */
import { createHash } from 'node:crypto'
import path from 'node:path'
import { createTransport, type Transporter } from 'nodemailer'
import { config } from '../../../app.config'
import { siteOrigin } from '~/server/http/origin'
import { log } from '~/server/log'
import { writeToOutbox } from './outbox-file'

export interface Mail {
  to: string
  subject: string
  text: string
  /**
   * One key per logical mail (an order event): it becomes the Message-ID, so a copy sent twice
   * (a crash between sending and recording it) is the same message to the receiving side, and
   * the offline outbox writes it once (ADR 107).
   */
  idempotencyKey?: string
}

const digest = (key: string) => createHash('sha256').update(key).digest('hex').slice(0, 32)

/** A stable Message-ID for a key: the same key always names the same message. */
export function messageIdFor(key: string): string {
  return `<${digest(key)}@${new URL(siteOrigin()).hostname}>`
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
  const key = mail.idempotencyKey && digest(mail.idempotencyKey)
  const { file, duplicate } = await writeToOutbox(info.message as Buffer, key)
  log.info({ file: path.basename(file) }, duplicate ? 'mail already in outbox' : 'mail written to outbox')
}
