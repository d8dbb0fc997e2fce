/**
 * Home links (scene 1 banners, scene 2 hot games) in the back office: add, edit, reorder, remove.
 * Link URLs follow the short-link rule (a site path or https on an allowed host), so none becomes
 * an open redirect. Links are read through the 'content' cache (cms.server.ts); each write drops
 * it (and every cached page) on every instance once committed.
 */
import { asc, eq, max } from 'drizzle-orm'
import type { Db } from '~/server/db/client'
import { links } from '~/server/db/schema'
import type { Caller } from '~/modules/auth/caller.server'
import type { Locale } from '~/modules/i18n/locales'
import { recordAudit } from '~/modules/audit/audit.server'
import { assertVersion, contentVersion } from '~/modules/editing/content-version.server'
import { missing, refuseIssues, sameIds, staleList } from '~/modules/editing/refusals.server'
import { invalidateHomeLinks } from './content-cache.server'
import { linkIssues } from './content-rules'
import type { LinkRow, LinkSave } from './content-edit.schemas'

const linkFields = {
  id: links.id,
  scene: links.scene,
  title: links.title,
  image: links.image,
  url: links.url,
  locale: links.locale,
  active: links.active,
  sort: links.sort,
}
type LinkData = { id: number; scene: number; title: string; image: string; url: string; locale: string | null }
const linkRow = (r: LinkData & { active: boolean; sort: number }): LinkRow => ({
  ...r,
  scene: r.scene === 2 ? 2 : 1,
  locale: r.locale as Locale | null,
  version: contentVersion(r),
})

export async function listLinksForAdmin(db: Db): Promise<LinkRow[]> {
  const rows = await db.select(linkFields).from(links).orderBy(asc(links.scene), asc(links.sort), asc(links.id))
  return rows.map(linkRow)
}

async function lockedLink(tx: Db, id: number, version: string | undefined) {
  const [row] = await tx.select(linkFields).from(links).where(eq(links.id, id)).for('update')
  if (!row) throw missing('link')
  assertVersion(version ?? '', contentVersion(row), 'Entry')
  return row
}

export async function saveLinkAsAdmin(db: Db, actor: Caller, input: LinkSave): Promise<LinkRow> {
  refuseIssues('link', linkIssues(input))
  const saved = await db.transaction(async (tx) => {
    const before = input.id === undefined ? null : await lockedLink(tx, input.id, input.version)
    const values = {
      scene: input.scene,
      title: input.title,
      image: input.image,
      url: input.url,
      locale: input.locale,
      active: input.active,
    }
    let after
    if (before) {
      ;[after] = await tx.update(links).set(values).where(eq(links.id, before.id)).returning(linkFields)
    } else {
      // A new link goes last in its scene.
      const [{ last }] = await tx
        .select({ last: max(links.sort) })
        .from(links)
        .where(eq(links.scene, input.scene))
      ;[after] = await tx
        .insert(links)
        .values({ ...values, sort: (last ?? 0) + 10 })
        .returning(linkFields)
    }
    await recordAudit(tx, actor, {
      action: before ? 'content.link.update' : 'content.link.create',
      targetType: 'link',
      targetId: String(after!.id),
      before,
      after: after!,
    })
    return after!
  })
  await invalidateHomeLinks()
  return linkRow(saved)
}

export async function deleteLinkAsAdmin(db: Db, actor: Caller, input: { id: number; version: string }) {
  await db.transaction(async (tx) => {
    const before = await lockedLink(tx, input.id, input.version)
    await tx.delete(links).where(eq(links.id, input.id))
    await recordAudit(tx, actor, {
      action: 'content.link.delete',
      targetType: 'link',
      targetId: String(input.id),
      before,
      after: null,
    })
  })
  await invalidateHomeLinks()
}

/** The scene's links in the given order (every id of the scene, once). */
export async function reorderLinksAsAdmin(db: Db, actor: Caller, input: { scene: 1 | 2; ids: number[] }) {
  await db.transaction(async (tx) => {
    const rows = await tx
      .select({ id: links.id })
      .from(links)
      .where(eq(links.scene, input.scene))
      .orderBy(asc(links.sort), asc(links.id))
      .for('update')
    const before = rows.map((r) => r.id)
    if (!sameIds(before, input.ids)) throw staleList()
    for (const [i, id] of input.ids.entries()) {
      await tx
        .update(links)
        .set({ sort: (i + 1) * 10 })
        .where(eq(links.id, id))
    }
    await recordAudit(tx, actor, {
      action: 'content.link.reorder',
      targetType: 'link_scene',
      targetId: String(input.scene),
      before: { order: before },
      after: { order: input.ids },
    })
  })
  await invalidateHomeLinks()
}
