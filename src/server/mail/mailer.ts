/**
 * Outgoing mail: SMTP when SMTP_URL is set, otherwise one `.eml` file per message in
 * DATA_DIR/outbox/ so codes can be read offline (DESIGN.md contract; /workshop/home lists them).
 */
import { randomBytes } from 'node:crypto'
import { mkdir, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { createTransport, type Transporter } from 'nodemailer'
import { config } from '../../../app.config'
import { log } from '../log'

export interface Mail {
  to: string
  subject: string
  text: string
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
  }
  const url = config().SMTP_URL
  if (url) {
    smtp ??= createTransport(url)
    await smtp.sendMail(message)
    return
  }
  const info = await renderer.sendMail(message)
  const dir = outboxDir()
  await mkdir(dir, { recursive: true })
  // Sortable by time; the random part keeps two messages in one millisecond apart.
  const file = path.join(dir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(3).toString('hex')}.eml`)
  await writeFile(file, info.message as Buffer)
  log.info({ file: path.basename(file) }, 'mail written to outbox')
}
