/** Reads the `.eml` files of the offline outbox back for the workshop page (newest first). */
import { readdir, readFile } from 'node:fs/promises'
import path from 'node:path'
import { outboxDir } from './outbox-file'

export interface OutboxMessage {
  file: string
  date: string
  to: string
  subject: string
  text: string
}

/** RFC 2047 encoded words (=?UTF-8?Q?...?= / =?UTF-8?B?...?=), as nodemailer writes non-ASCII subjects. */
function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g, (_all, _charset: string, kind: string, data: string) =>
      kind.toUpperCase() === 'B'
        ? Buffer.from(data, 'base64').toString('utf8')
        : decodeQuotedPrintable(data.replace(/_/g, ' ')),
    )
}

function decodeQuotedPrintable(value: string): string {
  const bytes = value
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/gi, (_all, hex: string) => `%${hex}`)
    .replace(/%(?![0-9A-F]{2})/gi, '%25')
  try {
    return decodeURIComponent(bytes)
  } catch {
    return value
  }
}

export function parseEml(raw: string): Omit<OutboxMessage, 'file'> {
  const split = raw.indexOf('\n\n')
  const head = raw.slice(0, split).replace(/\n[ \t]+/g, ' ')
  const body = raw.slice(split + 2)
  const header = (name: string) => new RegExp(`^${name}:\\s*(.*)$`, 'im').exec(head)?.[1]?.trim() ?? ''
  const encoding = header('Content-Transfer-Encoding').toLowerCase()
  const text =
    encoding === 'base64'
      ? Buffer.from(body, 'base64').toString('utf8')
      : encoding === 'quoted-printable'
        ? decodeQuotedPrintable(body)
        : body
  return { date: header('Date'), to: header('To'), subject: decodeWords(header('Subject')), text: text.trim() }
}

export async function listOutbox(limit = 50): Promise<OutboxMessage[]> {
  const dir = outboxDir()
  const files = (await readdir(dir).catch(() => [] as string[]))
    .filter((f) => f.endsWith('.eml'))
    .sort()
    .reverse()
    .slice(0, limit)
  return Promise.all(files.map(async (file) => ({ file, ...parseEml(await readFile(path.join(dir, file), 'utf8')) })))
}
