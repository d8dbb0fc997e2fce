/**
 * Content in the back office (PGlite): an article written in en and de and published is what the
 * storefront's article query returns right after the write; the preview sanitises exactly as the
 * published page; a stale version is refused with CONFLICT and writes nothing; every write leaves
 * an audit entry with before and after.
 */
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { listAudit } from '../../src/modules/admin/audit.server'
import {
  articleForEdit,
  listArticlesForAdmin,
  previewArticle,
  saveArticle,
  setArticlePublished,
} from '../../src/modules/cms/article-edit.server'
import {
  deleteLinkAsAdmin,
  listLinksForAdmin,
  reorderLinksAsAdmin,
  saveLinkAsAdmin,
} from '../../src/modules/cms/home-links-edit.server'
import {
  listNavigationForAdmin,
  reorderNavigationAsAdmin,
  saveNavigationAsAdmin,
} from '../../src/modules/catalog/navigation-edit.server'
import { pageForEdit, previewPage, savePage } from '../../src/modules/cms/page-edit.server'
import {
  deleteRedirectAsAdmin,
  deleteShortLinkAsAdmin,
  saveRedirectAsAdmin,
  saveShortLinkAsAdmin,
} from '../../src/modules/cms/routing-edit.server'
import type { ArticleSave } from '../../src/modules/cms/content-edit.schemas'
import type { Caller } from '../../src/modules/auth/caller.server'
import { listNavigation } from '../../src/modules/catalog/catalog.server'
import { listLinks } from '../../src/modules/cms/cms.server'
import { getArticle, getPage } from '../../src/modules/cms/content.server'
import { getRedirectMap } from '../../src/modules/cms/redirects.server'
import { resolveShortLink } from '../../src/modules/cms/shortlinks.server'
import { cacheGeneration } from '../../src/server/cache'
import * as t from '../../src/server/db/schema'
import { makeUser, pgliteForFile } from './orders-fixtures'
import { ordersConfigForFile } from './test-config'

ordersConfigForFile()

const db = pgliteForFile()

async function admin(): Promise<Caller> {
  const id = await makeUser(db(), 'admin')
  const [u] = await db()
    .update(t.users)
    .set({ role: 'admin' })
    .where(eq(t.users.id, id))
    .returning({ id: t.users.id, email: t.users.email, role: t.users.role })
  return u!
}

let seq = 0
const uniquePath = (label: string) => `${label}-${Date.now().toString(36)}-${++seq}`

function article(path: string, extra: Partial<ArticleSave> = {}): ArticleSave {
  return {
    path,
    kind: 'news',
    gameId: null,
    cover: '',
    translations: [
      { locale: 'en', title: 'Season two', summary: 'What is new', content: '<p>New maps.</p>' },
      { locale: 'de', title: 'Saison zwei', summary: 'Was neu ist', content: '<p>Neue Karten.</p>' },
    ],
    ...extra,
  }
}

describe('articles', () => {
  it('an article written in en and de and published is read by the storefront in de at once', async () => {
    const who = await admin()
    const path = uniquePath('season')
    // Read first, so the storefront's read cache holds "no such article" before the write.
    expect(await getArticle(db(), path, 'de')).toBeNull()
    const draft = await saveArticle(db(), who, article(path))
    expect(draft.publishedAt).toBeNull()
    expect(await getArticle(db(), path, 'de')).toBeNull()
    const drafts = await listArticlesForAdmin(db(), { state: 'draft', kind: 'news', page: 1 })
    expect(drafts.rows.find((r) => r.id === draft.id)).toMatchObject({
      path,
      title: 'Season two',
      locales: ['en', 'de'],
    })

    // Every write drops the cached pages too (the HTML cache compares this generation, ADR 042).
    const generation = cacheGeneration()
    const published = await setArticlePublished(db(), who, { id: draft.id, version: draft.version, published: true })
    expect(cacheGeneration()).toBeGreaterThan(generation)
    expect(published.publishedAt).not.toBeNull()
    expect(await getArticle(db(), path, 'de')).toMatchObject({
      title: 'Saison zwei',
      summary: 'Was neu ist',
      html: '<p>Neue Karten.</p>',
      locale: 'de',
    })
    // A locale without a translation falls back to English, as before.
    expect(await getArticle(db(), path, 'fr')).toMatchObject({ title: 'Season two', locale: 'en' })

    // An edit shows at once too.
    const edited = await saveArticle(
      db(),
      who,
      article(path, {
        id: draft.id,
        version: published.version,
        translations: [
          { locale: 'en', title: 'Season two', summary: 'What is new', content: '<p>New maps.</p>' },
          { locale: 'de', title: 'Saison 2', summary: 'Was neu ist', content: '<p>Neue Karten!</p>' },
        ],
      }),
    )
    expect(await getArticle(db(), path, 'de')).toMatchObject({ title: 'Saison 2', html: '<p>Neue Karten!</p>' })
    expect(edited.version).not.toBe(published.version)
  })

  it('the preview removes a script exactly as the published page does', async () => {
    const who = await admin()
    const path = uniquePath('unsafe')
    const content = '<p onclick="steal()">Hello <a href="javascript:alert(1)">there</a></p><script>alert(1)</script>'
    const preview = previewArticle({
      path,
      kind: 'news',
      cover: '',
      locale: 'en',
      title: 'Unsafe',
      summary: '',
      content,
    })
    expect(preview.html).not.toMatch(/script|onclick|javascript:/)
    const saved = await saveArticle(
      db(),
      who,
      article(path, { translations: [{ locale: 'en', title: 'Unsafe', summary: '', content }] }),
    )
    await setArticlePublished(db(), who, { id: saved.id, version: saved.version, published: true })
    const live = await getArticle(db(), path, 'en')
    expect(live?.html).toBe(preview.html)

    const pagePreview = previewPage({ slug: 'x', locale: 'en', title: 'X', body: content, metaDescription: '' })
    expect(pagePreview.html).toBe(preview.html)
  })

  it('refuses a stale version with CONFLICT stale_version and writes nothing', async () => {
    const who = await admin()
    const path = uniquePath('race')
    const loaded = await saveArticle(db(), who, article(path))
    // Another admin saves first.
    await saveArticle(db(), who, article(path, { id: loaded.id, version: loaded.version, cover: '/images/a.svg' }))
    const audited = (await listAudit(db(), { targetType: 'article', targetId: String(loaded.id) })).length

    await expect(
      saveArticle(db(), who, article(`${path}-renamed`, { id: loaded.id, version: loaded.version })),
    ).rejects.toMatchObject({ code: 'CONFLICT', issues: [{ path: 'version', message: 'stale_version' }] })
    await expect(
      setArticlePublished(db(), who, { id: loaded.id, version: loaded.version, published: true }),
    ).rejects.toMatchObject({ code: 'CONFLICT', issues: [{ message: 'stale_version' }] })

    const now = await articleForEdit(db(), loaded.id)
    expect(now).toMatchObject({ path, cover: '/images/a.svg', publishedAt: null })
    expect((await listAudit(db(), { targetType: 'article', targetId: String(loaded.id) })).length).toBe(audited)
  })

  it('refuses field rules with 400 codes and a taken path with CONFLICT', async () => {
    const who = await admin()
    const path = uniquePath('rules')
    await expect(saveArticle(db(), who, article('Not A Slug'))).rejects.toMatchObject({
      code: 'INVALID_INPUT',
      status: 400,
      issues: [{ path: 'path', message: 'slug_format' }],
    })
    await expect(
      saveArticle(
        db(),
        who,
        article(path, { translations: [{ locale: 'de', title: 'Nur Deutsch', summary: '', content: '<p>x</p>' }] }),
      ),
    ).rejects.toMatchObject({
      code: 'INVALID_INPUT',
      issues: expect.arrayContaining([{ path: 'translations.en.title', message: 'en_required' }]),
    })
    await saveArticle(db(), who, article(path))
    await expect(saveArticle(db(), who, article(path))).rejects.toMatchObject({
      code: 'CONFLICT',
      issues: [{ path: 'path', message: 'path_taken' }],
    })
  })

  it('records create, update and publish with before and after', async () => {
    const who = await admin()
    const path = uniquePath('audited')
    const created = await saveArticle(db(), who, article(path))
    const updated = await saveArticle(
      db(),
      who,
      article(path, { id: created.id, version: created.version, kind: 'guide' }),
    )
    await setArticlePublished(db(), who, { id: created.id, version: updated.version, published: true })
    const entries = await listAudit(db(), { targetType: 'article', targetId: String(created.id) })
    expect(entries.map((e) => e.action)).toEqual([
      'content.article.publish',
      'content.article.update',
      'content.article.create',
    ])
    expect(entries.every((e) => e.actor === who.email)).toBe(true)
    const [publish, update, create] = entries
    expect(create!.before).toBeNull()
    expect(create!.after).toMatchObject({ path, kind: 'news', translations: { de: { title: 'Saison zwei' } } })
    expect(update!.before).toMatchObject({ kind: 'news' })
    expect(update!.after).toMatchObject({ kind: 'guide' })
    expect(publish!.before).toEqual({ publishedAt: null })
    expect(publish!.after).toEqual({ publishedAt: expect.any(String) })
  })
})

describe('pages', () => {
  it('saves every translation at once, shows it on the storefront at once, refuses a stale version', async () => {
    const who = await admin()
    const slug = uniquePath('page')
    expect(await getPage(db(), slug, 'de')).toBeNull()
    const created = await savePage(db(), who, {
      slug,
      translations: [
        { locale: 'en', title: 'Terms', body: '<p>Terms</p>', metaDescription: 'Our terms' },
        { locale: 'de', title: 'AGB', body: '<p>AGB</p><script>x()</script>', metaDescription: 'Unsere AGB' },
      ],
    })
    expect(await getPage(db(), slug, 'de')).toMatchObject({ title: 'AGB', html: '<p>AGB</p>', locale: 'de' })
    const input = {
      id: created.id,
      version: created.version,
      slug,
      translations: [{ locale: 'en' as const, title: 'Terms of sale', body: '<p>Terms</p>', metaDescription: '' }],
    }
    const updated = await savePage(db(), who, input)
    // The German translation was removed: English stands in.
    expect(await getPage(db(), slug, 'de')).toMatchObject({ title: 'Terms of sale', locale: 'en' })
    await expect(savePage(db(), who, { ...input, slug: `${slug}-x` })).rejects.toMatchObject({
      code: 'CONFLICT',
      issues: [{ message: 'stale_version' }],
    })
    expect(await pageForEdit(db(), created.id)).toEqual(updated)
    const entries = await listAudit(db(), { targetType: 'page', targetId: String(created.id) })
    expect(entries.map((e) => e.action)).toEqual(['content.page.update', 'content.page.create'])
    expect(entries[0]!.before).toMatchObject({ translations: { de: { title: 'AGB' } } })
    expect(entries[0]!.after).toEqual({
      slug,
      translations: { en: { title: 'Terms of sale', body: '<p>Terms</p>', metaDescription: '' } },
    })
  })
})

describe('short links and redirects', () => {
  it('refuses a short link to an external host with a 400 code, saves an allowed one, refuses a stale one', async () => {
    const who = await admin()
    const alias = uniquePath('go')
    for (const target of [
      'https://evil.test/x',
      '//evil.test',
      'javascript:alert(1)',
      'http://community.example.org/',
    ]) {
      await expect(saveShortLinkAsAdmin(db(), who, { alias, target })).rejects.toMatchObject({
        code: 'INVALID_INPUT',
        status: 400,
        issues: [{ path: 'target', message: 'target_not_allowed' }],
      })
    }
    // Read first, so a cached "unknown alias" must be dropped by the write.
    expect(await resolveShortLink(db(), alias)).toBeNull()
    const saved = await saveShortLinkAsAdmin(db(), who, { alias, target: 'https://community.example.org/join' })
    expect(await resolveShortLink(db(), alias)).toBe('https://community.example.org/join')
    const moved = await saveShortLinkAsAdmin(db(), who, {
      id: saved.id,
      version: saved.version,
      alias,
      target: '/news',
    })
    expect(await resolveShortLink(db(), alias)).toBe('/news')
    await expect(
      saveShortLinkAsAdmin(db(), who, { id: saved.id, version: saved.version, alias, target: '/coupon' }),
    ).rejects.toMatchObject({ code: 'CONFLICT', issues: [{ message: 'stale_version' }] })
    await expect(saveShortLinkAsAdmin(db(), who, { alias, target: '/coupon' })).rejects.toMatchObject({
      code: 'CONFLICT',
      issues: [{ path: 'alias', message: 'alias_taken' }],
    })
    await deleteShortLinkAsAdmin(db(), who, { id: moved.id, version: moved.version })
    expect(await resolveShortLink(db(), alias)).toBeNull()
    const entries = await listAudit(db(), { targetType: 'short_link', targetId: String(saved.id) })
    expect(entries.map((e) => [e.action, e.before, e.after])).toEqual([
      ['content.shortlink.delete', { id: saved.id, alias, target: '/news' }, null],
      [
        'content.shortlink.update',
        { id: saved.id, alias, target: 'https://community.example.org/join' },
        { id: saved.id, alias, target: '/news' },
      ],
      ['content.shortlink.create', null, { id: saved.id, alias, target: 'https://community.example.org/join' }],
    ])
  })

  it('refuses external redirect targets, loops and chains with 400 codes; the map sees a save at once', async () => {
    const who = await admin()
    const a = `/${uniquePath('a')}`
    const b = `/${uniquePath('b')}`
    const c = `/${uniquePath('c')}`
    for (const toPath of ['https://evil.test/', '//evil.test/x', 'evil.test']) {
      await expect(saveRedirectAsAdmin(db(), who, { fromPath: a, toPath, status: 301 })).rejects.toMatchObject({
        code: 'INVALID_INPUT',
        status: 400,
        issues: [{ path: 'toPath', message: 'external_target' }],
      })
    }
    await expect(saveRedirectAsAdmin(db(), who, { fromPath: a, toPath: `${a}/`, status: 301 })).rejects.toMatchObject({
      issues: [{ path: 'toPath', message: 'redirect_loop' }],
    })
    expect((await getRedirectMap(db()))[a]).toBeUndefined()
    const ab = await saveRedirectAsAdmin(db(), who, { fromPath: a, toPath: b, status: 302 })
    expect((await getRedirectMap(db()))[a]).toEqual({ to: b, status: 302 })
    // b → a would loop; b → c would chain a → b → c; c → a would chain c → a → b.
    await expect(saveRedirectAsAdmin(db(), who, { fromPath: b, toPath: a, status: 301 })).rejects.toMatchObject({
      code: 'INVALID_INPUT',
      status: 400,
      issues: [{ path: 'toPath', message: 'redirect_loop' }],
    })
    await expect(saveRedirectAsAdmin(db(), who, { fromPath: b, toPath: c, status: 301 })).rejects.toMatchObject({
      issues: [{ path: 'toPath', message: 'redirect_chain' }],
    })
    await expect(saveRedirectAsAdmin(db(), who, { fromPath: c, toPath: a, status: 301 })).rejects.toMatchObject({
      issues: [{ path: 'toPath', message: 'redirect_chain' }],
    })
    expect((await getRedirectMap(db()))[b]).toBeUndefined()
    // Editing a → b into a → c is no chain (the old hop is replaced).
    const ac = await saveRedirectAsAdmin(db(), who, {
      id: ab.id,
      version: ab.version,
      fromPath: a,
      toPath: c,
      status: 301,
    })
    expect((await getRedirectMap(db()))[a]).toEqual({ to: c, status: 301 })
    await expect(deleteRedirectAsAdmin(db(), who, { id: ab.id, version: ab.version })).rejects.toMatchObject({
      code: 'CONFLICT',
      issues: [{ message: 'stale_version' }],
    })
    await deleteRedirectAsAdmin(db(), who, { id: ac.id, version: ac.version })
    expect((await getRedirectMap(db()))[a]).toBeUndefined()
    const entries = await listAudit(db(), { targetType: 'redirect', targetId: String(ab.id) })
    expect(entries.map((e) => e.action)).toEqual([
      'content.redirect.delete',
      'content.redirect.update',
      'content.redirect.create',
    ])
    expect(entries[1]).toMatchObject({ before: { toPath: b, status: 302 }, after: { toPath: c, status: 301 } })
  })
})

describe('home links and navigation', () => {
  it('adds, edits, reorders and removes home links; the storefront list follows at once', async () => {
    const who = await admin()
    await expect(saveLinkAsAdmin(db(), who, { ...banner('Bad'), url: 'https://evil.test/' })).rejects.toMatchObject({
      code: 'INVALID_INPUT',
      issues: [{ path: 'url', message: 'target_not_allowed' }],
    })
    expect((await listLinks(db(), 'de')).some((l) => l.title === 'Winter sale')).toBe(false)
    const first = await saveLinkAsAdmin(db(), who, banner('Winter sale'))
    const second = await saveLinkAsAdmin(db(), who, { ...banner('Deutsch only'), locale: 'de' })
    const de = await listLinks(db(), 'de')
    expect(de.filter((l) => l.id === first.id || l.id === second.id).map((l) => l.title)).toEqual([
      'Winter sale',
      'Deutsch only',
    ])
    expect((await listLinks(db(), 'fr')).some((l) => l.id === second.id)).toBe(false)

    const scene = (await listLinksForAdmin(db())).filter((l) => l.scene === 1).map((l) => l.id)
    const reordered = [second.id, ...scene.filter((id) => id !== second.id)]
    await reorderLinksAsAdmin(db(), who, { scene: 1, ids: reordered })
    // The shop shows the active links for de in the new order (others stay in the list, unseen).
    const shown = (await listLinks(db(), 'de')).filter((l) => l.scene === 1).map((l) => l.id)
    expect(shown[0]).toBe(second.id)
    expect(shown).toEqual(reordered.filter((id) => shown.includes(id)))
    // A list missing a link (loaded before another admin added one) is refused.
    await expect(reorderLinksAsAdmin(db(), who, { scene: 1, ids: reordered.slice(1) })).rejects.toMatchObject({
      code: 'CONFLICT',
      issues: [{ message: 'stale_version' }],
    })

    // The reorder changed the row: the version loaded before it is stale.
    await expect(
      saveLinkAsAdmin(db(), who, { ...banner('Hidden'), id: first.id, version: first.version, active: false }),
    ).rejects.toMatchObject({ code: 'CONFLICT' })
    const fresh = (await listLinksForAdmin(db())).find((l) => l.id === first.id)!
    await saveLinkAsAdmin(db(), who, { ...banner('Hidden'), id: first.id, version: fresh.version, active: false })
    expect((await listLinks(db(), 'de')).some((l) => l.id === first.id)).toBe(false)
    const now = (await listLinksForAdmin(db())).find((l) => l.id === second.id)!
    await deleteLinkAsAdmin(db(), who, { id: second.id, version: now.version })
    expect((await listLinks(db(), 'de')).some((l) => l.id === second.id)).toBe(false)

    const entries = await listAudit(db(), { targetType: 'link', targetId: String(first.id) })
    expect(entries.map((e) => e.action)).toEqual(['content.link.update', 'content.link.create'])
    expect(entries[0]).toMatchObject({
      before: { title: 'Winter sale', active: true },
      after: { title: 'Hidden', active: false },
    })
    expect(await listAudit(db(), { action: 'content.link.reorder' })).toEqual([
      expect.objectContaining({ after: { order: reordered } }),
    ])
  })

  it('adds, edits, hides and reorders navigation items; the storefront navigation follows at once', async () => {
    const who = await admin()
    const code = uniquePath('nav')
    await expect(
      saveNavigationAsAdmin(db(), who, { name: 'Evil', type: 'url', url: 'https://evil.test', code, visible: true }),
    ).rejects.toMatchObject({ code: 'INVALID_INPUT', issues: [{ path: 'url', message: 'target_not_allowed' }] })
    await expect(
      saveNavigationAsAdmin(db(), who, { name: 'Cat', type: 'category', url: '', code, visible: true }),
    ).rejects.toMatchObject({ code: 'INVALID_INPUT', issues: [{ path: 'code', message: 'unknown_category' }] })
    expect((await listNavigation(db(), 'en')).some((n) => n.code === code)).toBe(false)
    const item = await saveNavigationAsAdmin(db(), who, {
      name: 'Deals',
      type: 'url',
      url: '/coupon',
      code,
      visible: true,
    })
    expect((await listNavigation(db(), 'en')).find((n) => n.code === code)).toMatchObject({
      name: 'Deals',
      visible: true,
    })
    await expect(
      saveNavigationAsAdmin(db(), who, { name: 'Twin', type: 'url', url: '/news', code, visible: true }),
    ).rejects.toMatchObject({ code: 'CONFLICT', issues: [{ path: 'code', message: 'code_taken' }] })

    const hidden = await saveNavigationAsAdmin(db(), who, {
      id: item.id,
      version: item.version,
      name: 'Deals',
      type: 'url',
      url: '/coupon',
      code,
      visible: false,
    })
    expect((await listNavigation(db(), 'en')).find((n) => n.code === code)).toMatchObject({ visible: false })
    const ids = (await listNavigationForAdmin(db())).map((n) => n.id)
    const reordered = [hidden.id, ...ids.filter((id) => id !== hidden.id)]
    await reorderNavigationAsAdmin(db(), who, { ids: reordered })
    expect((await listNavigation(db(), 'en')).map((n) => n.id)).toEqual(reordered)
    const entries = await listAudit(db(), { targetType: 'navigation_item', targetId: String(item.id) })
    expect(entries.map((e) => [e.action, e.before?.visible, e.after?.visible])).toEqual([
      ['content.navigation.update', true, false],
      ['content.navigation.create', undefined, true],
    ])
  })
})

function banner(title: string) {
  return {
    scene: 1 as const,
    title,
    image: '/images/banners/winter.svg',
    url: '/offer/1',
    locale: null,
    active: true,
  }
}
