/**
 * The UI's door to privacy self-service (ADR 125, 126): same-origin server functions on the
 * session cookie, thin over the use cases. The data file's link page asks with its token only.
 */
import { createServerFn } from '@tanstack/react-start'
import { action, answer } from '~/modules/door/server-fn.server'
import { confirmDeletion, deletionOverview, sendDeletionCode } from './deletion.server'
import { exportLinkState, openExport, requestDataExport } from './export.server'
import { confirmDeletionInput, exportTokenInput, localeInput, type PrivacyOverview } from './privacy.schemas'

/** The profile's privacy section: the open data-file request and what deleting would mean. */
export const privacyOverviewFn = createServerFn({ method: 'GET' }).handler(
  answer('user', async ({ db, caller }): Promise<PrivacyOverview> => ({
    export: await openExport(db, caller.id),
    deletion: await deletionOverview(db, caller.id),
  })),
)

export const requestDataExportFn = createServerFn({ method: 'POST' })
  .validator(localeInput)
  .handler(action('user', ({ db, data, caller }) => requestDataExport(db, caller.id, data.locale)))

export const sendDeletionCodeFn = createServerFn({ method: 'POST' })
  .validator(localeInput)
  .handler(action('user', ({ db, data, caller }) => sendDeletionCode(db, caller.id, data.locale)))

export const confirmDeletionFn = createServerFn({ method: 'POST' })
  .validator(confirmDeletionInput)
  .handler(action('user', ({ db, data, caller }) => confirmDeletion(db, caller.id, data)))

/** The mailed link's page: whether the link still works (looking does not use it up). */
export const exportLinkFn = createServerFn({ method: 'GET' })
  .validator(exportTokenInput)
  .handler(answer('anyone', ({ db, data }) => exportLinkState(db, data.token)))
