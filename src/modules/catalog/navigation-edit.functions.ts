/**
 * The back office's navigation doors (admins only), as the content ones (cms/content-edit.functions.ts):
 * the door and the admin role first (ADR 051: a caller who may not use it is refused by a throw);
 * what a permitted write then refuses (a stale version, a taken code, a field rule) is its ActionResult.
 */
import { createServerFn } from '@tanstack/react-start'
import { getRequest } from '@tanstack/react-start/server'
import { openDoor } from '~/server/http/door'
import { attempt } from '~/modules/errors/attempt.server'
import { navigationReorderSchema, navigationSaveSchema } from './navigation-edit.schemas'
import { listNavigationForAdmin, reorderNavigationAsAdmin, saveNavigationAsAdmin } from './navigation-edit.server'

async function admin() {
  const door = await openDoor(getRequest())
  return { db: door.db, actor: await door.admin() }
}

export const adminNavigationFn = createServerFn({ method: 'GET' }).handler(async () => {
  const { db } = await admin()
  return listNavigationForAdmin(db)
})

/** Add, edit or hide a navigation item (audited). */
export const adminSaveNavigationFn = createServerFn({ method: 'POST' })
  .validator(navigationSaveSchema)
  .handler(async ({ data }) => {
    const { db, actor } = await admin()
    return attempt(() => saveNavigationAsAdmin(db, actor, data))
  })

export const adminReorderNavigationFn = createServerFn({ method: 'POST' })
  .validator(navigationReorderSchema)
  .handler(async ({ data }) => {
    const { db, actor } = await admin()
    return attempt(() => reorderNavigationAsAdmin(db, actor, data))
  })
