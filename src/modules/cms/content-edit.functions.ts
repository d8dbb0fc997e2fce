/**
 * The back office's content server functions (admins only). Each opens the door and asks for an
 * admin before anything else (ADR 051: a caller who may not use it is refused by a throw); what a
 * permitted write then refuses (a stale version, a taken path, a field rule) is its ActionResult.
 */
import { createServerFn } from '@tanstack/react-start'
import { getRequest } from '@tanstack/react-start/server'
import { openDoor } from '~/server/http/door'
import { attempt } from '~/modules/errors/attempt.server'
import {
  articleForEdit,
  listArticlesForAdmin,
  previewArticle,
  saveArticle,
  setArticlePublished,
} from './article-edit.server'
import { deleteLinkAsAdmin, listLinksForAdmin, reorderLinksAsAdmin, saveLinkAsAdmin } from './home-links-edit.server'
import { contentOptions } from './content-edit-options.server'
import { listPagesForAdmin, pageForEdit, previewPage, savePage } from './page-edit.server'
import {
  deleteRedirectAsAdmin,
  deleteShortLinkAsAdmin,
  listRedirectsForAdmin,
  listShortLinksForAdmin,
  saveRedirectAsAdmin,
  saveShortLinkAsAdmin,
} from './routing-edit.server'
import {
  articleListQuerySchema,
  articlePreviewSchema,
  articlePublishSchema,
  articleSaveSchema,
  contentIdSchema,
  linkReorderSchema,
  linkSaveSchema,
  pagePreviewSchema,
  pageSaveSchema,
  redirectSaveSchema,
  shortLinkSaveSchema,
  versionedIdSchema,
} from './content-edit.schemas'

async function admin() {
  const door = await openDoor(getRequest())
  return { db: door.db, actor: await door.admin() }
}

export const adminContentOptionsFn = createServerFn({ method: 'GET' }).handler(async () => {
  const { db } = await admin()
  return contentOptions(db)
})

export const adminArticlesFn = createServerFn({ method: 'GET' })
  .validator(articleListQuerySchema)
  .handler(async ({ data }) => {
    const { db } = await admin()
    return listArticlesForAdmin(db, data)
  })

export const adminArticleFn = createServerFn({ method: 'GET' })
  .validator(contentIdSchema)
  .handler(async ({ data }) => {
    const { db } = await admin()
    return articleForEdit(db, data.id)
  })

/** Create (a draft) or update an article with all its translations (audited). */
export const adminSaveArticleFn = createServerFn({ method: 'POST' })
  .validator(articleSaveSchema)
  .handler(async ({ data }) => {
    const { db, actor } = await admin()
    return attempt(() => saveArticle(db, actor, data))
  })

/** Publish now, or take back to draft (audited). */
export const adminPublishArticleFn = createServerFn({ method: 'POST' })
  .validator(articlePublishSchema)
  .handler(async ({ data }) => {
    const { db, actor } = await admin()
    return attempt(() => setArticlePublished(db, actor, data))
  })

/** The editor's unsaved text as the article page would publish it (sanitised on the server). */
export const adminPreviewArticleFn = createServerFn({ method: 'POST' })
  .validator(articlePreviewSchema)
  .handler(async ({ data }) => {
    await admin()
    return previewArticle(data)
  })

export const adminPagesFn = createServerFn({ method: 'GET' }).handler(async () => {
  const { db } = await admin()
  return listPagesForAdmin(db)
})

export const adminPageFn = createServerFn({ method: 'GET' })
  .validator(contentIdSchema)
  .handler(async ({ data }) => {
    const { db } = await admin()
    return pageForEdit(db, data.id)
  })

/** Create or update a static page with all its translations (audited). */
export const adminSavePageFn = createServerFn({ method: 'POST' })
  .validator(pageSaveSchema)
  .handler(async ({ data }) => {
    const { db, actor } = await admin()
    return attempt(() => savePage(db, actor, data))
  })

export const adminPreviewPageFn = createServerFn({ method: 'POST' })
  .validator(pagePreviewSchema)
  .handler(async ({ data }) => {
    await admin()
    return previewPage(data)
  })

export const adminShortLinksFn = createServerFn({ method: 'GET' }).handler(async () => {
  const { db } = await admin()
  return listShortLinksForAdmin(db)
})

/** Create or update a short link; its target is checked against open redirects (audited). */
export const adminSaveShortLinkFn = createServerFn({ method: 'POST' })
  .validator(shortLinkSaveSchema)
  .handler(async ({ data }) => {
    const { db, actor } = await admin()
    return attempt(() => saveShortLinkAsAdmin(db, actor, data))
  })

export const adminDeleteShortLinkFn = createServerFn({ method: 'POST' })
  .validator(versionedIdSchema)
  .handler(async ({ data }) => {
    const { db, actor } = await admin()
    return attempt(() => deleteShortLinkAsAdmin(db, actor, data))
  })

export const adminRedirectsFn = createServerFn({ method: 'GET' }).handler(async () => {
  const { db } = await admin()
  return listRedirectsForAdmin(db)
})

/** Create or update a redirect: same-site targets only, no loops, no chains (audited). */
export const adminSaveRedirectFn = createServerFn({ method: 'POST' })
  .validator(redirectSaveSchema)
  .handler(async ({ data }) => {
    const { db, actor } = await admin()
    return attempt(() => saveRedirectAsAdmin(db, actor, data))
  })

export const adminDeleteRedirectFn = createServerFn({ method: 'POST' })
  .validator(versionedIdSchema)
  .handler(async ({ data }) => {
    const { db, actor } = await admin()
    return attempt(() => deleteRedirectAsAdmin(db, actor, data))
  })

export const adminLinksFn = createServerFn({ method: 'GET' }).handler(async () => {
  const { db } = await admin()
  return listLinksForAdmin(db)
})

/** Create or update a home banner (scene 1) or hot game (scene 2) (audited). */
export const adminSaveLinkFn = createServerFn({ method: 'POST' })
  .validator(linkSaveSchema)
  .handler(async ({ data }) => {
    const { db, actor } = await admin()
    return attempt(() => saveLinkAsAdmin(db, actor, data))
  })

export const adminDeleteLinkFn = createServerFn({ method: 'POST' })
  .validator(versionedIdSchema)
  .handler(async ({ data }) => {
    const { db, actor } = await admin()
    return attempt(() => deleteLinkAsAdmin(db, actor, data))
  })

export const adminReorderLinksFn = createServerFn({ method: 'POST' })
  .validator(linkReorderSchema)
  .handler(async ({ data }) => {
    const { db, actor } = await admin()
    return attempt(() => reorderLinksAsAdmin(db, actor, data))
  })
