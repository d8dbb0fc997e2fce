/**
 * Short links (/r/{alias}) and global redirects in the back office. Both are open-redirect
 * surfaces, so targets are checked here on write (and short links again on read,
 * shortlinks.server.ts): a short link goes to a site path or an https URL on an allowed host; a
 * redirect stays on the site, never loops and never chains (one hop, so the guard's single lookup
 * is always the final answer).
 */
import { asc, eq, sql } from 'drizzle-orm'
import type { Db } from '~/server/db/client'
import { redirects, shortLinks } from '~/server/db/schema'
import type { Caller } from '~/modules/auth/caller.server'
import { recordAudit } from '~/modules/audit/audit.server'
import { missing, refuseIssues, taken } from '~/modules/editing/refusals.server'
import { invalidateShortLinks } from './content-cache.server'
import { redirectIssues, redirectKey, shortLinkIssues } from './content-rules'
import { invalidateRedirects } from './redirects.server'
import type { RedirectRow, RedirectSave, ShortLinkRow, ShortLinkSave } from './content-edit.schemas'
import { assertVersion, contentVersion } from '~/modules/editing/content-version.server'

const shortLinkFields = { id: shortLinks.id, alias: shortLinks.alias, target: shortLinks.target }
type ShortLinkData = { id: number; alias: string; target: string }
const shortLinkRow = (r: ShortLinkData): ShortLinkRow => ({ ...r, version: contentVersion(r) })

export async function listShortLinksForAdmin(db: Db): Promise<ShortLinkRow[]> {
  const rows = await db.select(shortLinkFields).from(shortLinks).orderBy(asc(shortLinks.alias))
  return rows.map(shortLinkRow)
}

async function lockedShortLink(tx: Db, id: number, version: string | undefined): Promise<ShortLinkData> {
  const [row] = await tx.select(shortLinkFields).from(shortLinks).where(eq(shortLinks.id, id)).for('update')
  if (!row) throw missing('short link')
  assertVersion(version ?? '', contentVersion(row), 'Entry')
  return row
}

export async function saveShortLinkAsAdmin(db: Db, actor: Caller, input: ShortLinkSave): Promise<ShortLinkRow> {
  refuseIssues('short link', shortLinkIssues(input))
  const saved = await db.transaction(async (tx) => {
    const before = input.id === undefined ? null : await lockedShortLink(tx, input.id, input.version)
    const [clash] = await tx.select({ id: shortLinks.id }).from(shortLinks).where(eq(shortLinks.alias, input.alias))
    if (clash && clash.id !== before?.id) throw taken('alias', 'alias')
    const values = { alias: input.alias, target: input.target }
    const [after] = before
      ? await tx.update(shortLinks).set(values).where(eq(shortLinks.id, before.id)).returning(shortLinkFields)
      : await tx.insert(shortLinks).values(values).returning(shortLinkFields)
    await recordAudit(tx, actor, {
      action: before ? 'content.shortlink.update' : 'content.shortlink.create',
      targetType: 'short_link',
      targetId: String(after!.id),
      before,
      after: after!,
    })
    return after!
  })
  await invalidateShortLinks()
  return shortLinkRow(saved)
}

export async function deleteShortLinkAsAdmin(db: Db, actor: Caller, input: { id: number; version: string }) {
  await db.transaction(async (tx) => {
    const before = await lockedShortLink(tx, input.id, input.version)
    await tx.delete(shortLinks).where(eq(shortLinks.id, input.id))
    await recordAudit(tx, actor, {
      action: 'content.shortlink.delete',
      targetType: 'short_link',
      targetId: String(input.id),
      before,
      after: null,
    })
  })
  await invalidateShortLinks()
}

const redirectFields = {
  id: redirects.id,
  fromPath: redirects.fromPath,
  toPath: redirects.toPath,
  status: redirects.status,
}
type RedirectData = { id: number; fromPath: string; toPath: string; status: number }
const redirectRow = (r: RedirectData): RedirectRow => ({
  ...r,
  status: r.status === 302 ? 302 : 301,
  version: contentVersion(r),
})

export async function listRedirectsForAdmin(db: Db): Promise<RedirectRow[]> {
  const rows = await db.select(redirectFields).from(redirects).orderBy(asc(redirects.fromPath))
  return rows.map(redirectRow)
}

/**
 * Redirect writes take the table's lock: loops and chains are properties of the whole map, and
 * two concurrent saves (a → b, b → a) must not each pass their check. Operators write rarely.
 */
async function lockRedirects(tx: Db) {
  await tx.execute(sql`lock table ${redirects} in share row exclusive mode`)
}

async function lockedRedirect(tx: Db, id: number, version: string | undefined): Promise<RedirectData> {
  const [row] = await tx.select(redirectFields).from(redirects).where(eq(redirects.id, id))
  if (!row) throw missing('redirect')
  assertVersion(version ?? '', contentVersion(row), 'Entry')
  return row
}

/** a → b where b already redirects, or where something already redirects to a: a loop or a chain. */
function hopIssue(others: RedirectData[], fromPath: string, toPath: string) {
  const from = redirectKey(fromPath)
  const to = redirectKey(toPath)
  const onward = others.find((r) => redirectKey(r.fromPath) === to)
  const inward = others.find((r) => redirectKey(r.toPath) === from)
  if ((onward && redirectKey(onward.toPath) === from) || (inward && redirectKey(inward.fromPath) === to)) {
    return 'redirect_loop'
  }
  return onward || inward ? 'redirect_chain' : undefined
}

export async function saveRedirectAsAdmin(db: Db, actor: Caller, input: RedirectSave): Promise<RedirectRow> {
  refuseIssues('redirect', redirectIssues(input))
  const saved = await db.transaction(async (tx) => {
    await lockRedirects(tx)
    const before = input.id === undefined ? null : await lockedRedirect(tx, input.id, input.version)
    const others = (await tx.select(redirectFields).from(redirects)).filter((r) => r.id !== before?.id)
    if (others.some((r) => redirectKey(r.fromPath) === redirectKey(input.fromPath))) {
      throw taken('redirect', 'fromPath')
    }
    const hop = hopIssue(others, input.fromPath, input.toPath)
    if (hop) refuseIssues('redirect', [{ path: 'toPath', message: hop }])
    const values = { fromPath: input.fromPath, toPath: input.toPath, status: input.status }
    const [after] = before
      ? await tx.update(redirects).set(values).where(eq(redirects.id, before.id)).returning(redirectFields)
      : await tx.insert(redirects).values(values).returning(redirectFields)
    await recordAudit(tx, actor, {
      action: before ? 'content.redirect.update' : 'content.redirect.create',
      targetType: 'redirect',
      targetId: String(after!.id),
      before,
      after: after!,
    })
    return after!
  })
  await invalidateRedirects()
  return redirectRow(saved)
}

export async function deleteRedirectAsAdmin(db: Db, actor: Caller, input: { id: number; version: string }) {
  await db.transaction(async (tx) => {
    await lockRedirects(tx)
    const before = await lockedRedirect(tx, input.id, input.version)
    await tx.delete(redirects).where(eq(redirects.id, input.id))
    await recordAudit(tx, actor, {
      action: 'content.redirect.delete',
      targetType: 'redirect',
      targetId: String(input.id),
      before,
      after: null,
    })
  })
  await invalidateRedirects()
}
