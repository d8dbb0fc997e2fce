/**
 * Writing the offline outbox: one `.eml` file per message in DATA_DIR/outbox/, named by time so a
 * listing sorts newest first. A message with a key (one logical mail, e.g. an order event) is
 * written once however often it is sent: a worker that dies between sending and completing its
 * job sends it again, and that copy must not become a second file (ADR 107).
 */
import { randomBytes } from 'node:crypto'
import { link, mkdir, stat, unlink, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { config } from '../../../app.config'

export function outboxDir(): string {
  return path.resolve(config().DATA_DIR, 'outbox')
}

/** One hard link per key written: the record that the message is in the outbox. */
function sentDir(): string {
  return path.resolve(config().DATA_DIR, 'outbox-sent')
}

const stamp = (at: Date) => at.toISOString().replace(/[:.]/g, '-')

const unlessExists = (err: NodeJS.ErrnoException) => {
  if (err.code !== 'EEXIST') throw err
}

/** Runs `write`, making `dir` when the write finds it missing (not before every mail). */
function inDir<T>(dir: string, write: () => Promise<T>): Promise<T> {
  return write().catch(async (err: NodeJS.ErrnoException) => {
    if (err.code !== 'ENOENT') throw err
    await mkdir(dir, { recursive: true })
    return write()
  })
}

/**
 * Writes `message`; with a `key` (file-name safe, e.g. a hex digest) only the first time. The
 * written file's name, and whether an earlier send had already written it.
 */
export async function writeToOutbox(message: Buffer, key?: string): Promise<{ file: string; duplicate: boolean }> {
  if (!key) {
    // The random part keeps two messages of one millisecond apart.
    const file = path.join(outboxDir(), `${stamp(new Date())}-${randomBytes(3).toString('hex')}.eml`)
    await inDir(outboxDir(), () => writeFile(file, message))
    return { file, duplicate: false }
  }
  // The claim: the whole message written aside, then linked under the key's name, which fails
  // when an earlier send made it (link is atomic; a half-written claim can never exist).
  const claim = path.join(sentDir(), key)
  const draft = `${claim}.${randomBytes(4).toString('hex')}.tmp`
  await inDir(sentDir(), () => writeFile(draft, message))
  let duplicate = false
  try {
    await link(draft, claim)
  } catch (err) {
    unlessExists(err as NodeJS.ErrnoException)
    duplicate = true
  } finally {
    await unlink(draft)
  }
  // Published under a name made of the claim's own time: a send that died between claiming and
  // publishing is completed by the next one under the same name, and a published one is left be.
  const file = path.join(outboxDir(), `${stamp((await stat(claim)).mtime)}-${key}.eml`)
  await inDir(outboxDir(), () => link(claim, file)).catch(unlessExists)
  return { file, duplicate }
}
