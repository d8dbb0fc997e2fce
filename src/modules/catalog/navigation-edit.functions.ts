/**
 * The back office's navigation doors (admins only), as the content ones (cms/content-edit.functions.ts):
 * the door and the admin role first (ADR 051: a caller who may not use it is refused by a throw);
 * what a permitted write then refuses (a stale version, a taken code, a field rule) is its ActionResult.
 */
import { createServerFn } from '@tanstack/react-start'
import { action, answer } from '~/modules/door/server-fn.server'
import { navigationReorderSchema, navigationSaveSchema } from './navigation-edit.schemas'
import { listNavigationForAdmin, reorderNavigationAsAdmin, saveNavigationAsAdmin } from './navigation-edit.server'

export const adminNavigationFn = createServerFn({ method: 'GET' }).handler(
  answer('admin', ({ db }) => listNavigationForAdmin(db)),
)

/** Add, edit or hide a navigation item (audited). */
export const adminSaveNavigationFn = createServerFn({ method: 'POST' })
  .validator(navigationSaveSchema)
  .handler(action('admin', ({ db, data, caller: actor }) => saveNavigationAsAdmin(db, actor, data)))

export const adminReorderNavigationFn = createServerFn({ method: 'POST' })
  .validator(navigationReorderSchema)
  .handler(action('admin', ({ db, data, caller: actor }) => reorderNavigationAsAdmin(db, actor, data)))
