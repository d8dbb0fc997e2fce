/**
 * The back office's content server functions (admins only). Each opens the door and asks for an
 * admin before anything else (ADR 051: a caller who may not use it is refused by a throw); what a
 * permitted write then refuses (a stale version, a taken path, a field rule) is its ActionResult.
 */
import { createServerFn } from '@tanstack/react-start'
import { action, answer } from '~/modules/door/server-fn.server'
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

export const adminContentOptionsFn = createServerFn({ method: 'GET' }).handler(
  answer('admin', ({ db }) => contentOptions(db)),
)

export const adminArticlesFn = createServerFn({ method: 'GET' })
  .validator(articleListQuerySchema)
  .handler(answer('admin', ({ db, data }) => listArticlesForAdmin(db, data)))

export const adminArticleFn = createServerFn({ method: 'GET' })
  .validator(contentIdSchema)
  .handler(answer('admin', ({ db, data }) => articleForEdit(db, data.id)))

/** Create (a draft) or update an article with all its translations (audited). */
export const adminSaveArticleFn = createServerFn({ method: 'POST' })
  .validator(articleSaveSchema)
  .handler(action('admin', ({ db, data, caller: actor }) => saveArticle(db, actor, data)))

/** Publish now, or take back to draft (audited). */
export const adminPublishArticleFn = createServerFn({ method: 'POST' })
  .validator(articlePublishSchema)
  .handler(action('admin', ({ db, data, caller: actor }) => setArticlePublished(db, actor, data)))

/** The editor's unsaved text as the article page would publish it (sanitised on the server). */
export const adminPreviewArticleFn = createServerFn({ method: 'POST' })
  .validator(articlePreviewSchema)
  .handler(answer('admin', ({ data }) => previewArticle(data)))

export const adminPagesFn = createServerFn({ method: 'GET' }).handler(
  answer('admin', ({ db }) => listPagesForAdmin(db)),
)

export const adminPageFn = createServerFn({ method: 'GET' })
  .validator(contentIdSchema)
  .handler(answer('admin', ({ db, data }) => pageForEdit(db, data.id)))

/** Create or update a static page with all its translations (audited). */
export const adminSavePageFn = createServerFn({ method: 'POST' })
  .validator(pageSaveSchema)
  .handler(action('admin', ({ db, data, caller: actor }) => savePage(db, actor, data)))

export const adminPreviewPageFn = createServerFn({ method: 'POST' })
  .validator(pagePreviewSchema)
  .handler(answer('admin', ({ data }) => previewPage(data)))

export const adminShortLinksFn = createServerFn({ method: 'GET' }).handler(
  answer('admin', ({ db }) => listShortLinksForAdmin(db)),
)

/** Create or update a short link; its target is checked against open redirects (audited). */
export const adminSaveShortLinkFn = createServerFn({ method: 'POST' })
  .validator(shortLinkSaveSchema)
  .handler(action('admin', ({ db, data, caller: actor }) => saveShortLinkAsAdmin(db, actor, data)))

export const adminDeleteShortLinkFn = createServerFn({ method: 'POST' })
  .validator(versionedIdSchema)
  .handler(action('admin', ({ db, data, caller: actor }) => deleteShortLinkAsAdmin(db, actor, data)))

export const adminRedirectsFn = createServerFn({ method: 'GET' }).handler(
  answer('admin', ({ db }) => listRedirectsForAdmin(db)),
)

/** Create or update a redirect: same-site targets only, no loops, no chains (audited). */
export const adminSaveRedirectFn = createServerFn({ method: 'POST' })
  .validator(redirectSaveSchema)
  .handler(action('admin', ({ db, data, caller: actor }) => saveRedirectAsAdmin(db, actor, data)))

export const adminDeleteRedirectFn = createServerFn({ method: 'POST' })
  .validator(versionedIdSchema)
  .handler(action('admin', ({ db, data, caller: actor }) => deleteRedirectAsAdmin(db, actor, data)))

export const adminLinksFn = createServerFn({ method: 'GET' }).handler(
  answer('admin', ({ db }) => listLinksForAdmin(db)),
)

/** Create or update a home banner (scene 1) or hot game (scene 2) (audited). */
export const adminSaveLinkFn = createServerFn({ method: 'POST' })
  .validator(linkSaveSchema)
  .handler(action('admin', ({ db, data, caller: actor }) => saveLinkAsAdmin(db, actor, data)))

export const adminDeleteLinkFn = createServerFn({ method: 'POST' })
  .validator(versionedIdSchema)
  .handler(action('admin', ({ db, data, caller: actor }) => deleteLinkAsAdmin(db, actor, data)))

export const adminReorderLinksFn = createServerFn({ method: 'POST' })
  .validator(linkReorderSchema)
  .handler(action('admin', ({ db, data, caller: actor }) => reorderLinksAsAdmin(db, actor, data)))
