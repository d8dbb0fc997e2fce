/**
 * The UI's door to creator codes (ADR 083's one door): the promoter's own code on the dashboard,
 * the shopper's "Support a creator" at checkout, and the admins' list and decisions. Refusals of
 * the caller are thrown (401 / 403); a use case's refusal (a taken or offensive code, an unknown
 * one) comes back as an ActionResult with its issue code, which the forms translate.
 */
import { createServerFn } from '@tanstack/react-start'
import { appendResponseHeader } from '@tanstack/react-start/server'
import { action, answer } from '~/modules/door/server-fn.server'
import { now } from '~/modules/time/clock'
import {
  adminCreatorCodeActionSchema,
  adminCreatorCodesQuerySchema,
  creatorCodeInputSchema,
} from './creator-codes.schemas'
import { choosePromoterCode, stopSupporting, supportCreator } from './creator-codes.server'
import { changeCreatorCode, listCreatorCodes } from './creator-code-edit.server'
import { clearCreatorCookie, supportWithCookie } from './creator-cookie.server'
import { myCreatorCode } from './creator-stats.server'

/** The promoter's code and their code / link attribution figures. */
export const getMyCreatorCodeFn = createServerFn({ method: 'GET' }).handler(
  answer('promoter', ({ db, promoter }) => myCreatorCode(db, promoter, now())),
)

export const chooseMyCreatorCodeFn = createServerFn({ method: 'POST' })
  .validator(creatorCodeInputSchema)
  .handler(
    action('promoter', async ({ db, data, promoter }) => {
      const row = await choosePromoterCode(db, promoter.userId, data.code)
      return { code: row.code }
    }),
  )

/** The creator the signed-in shopper supports (a link followed before sign-in is carried over). */
export const getCreatorSupportFn = createServerFn({ method: 'GET' }).handler(
  answer('user', async ({ db, caller, request }) => {
    const { support, cookies } = await supportWithCookie(db, caller.id, request, now())
    for (const cookie of cookies) appendResponseHeader('set-cookie', cookie)
    return support
  }),
)

export const supportCreatorFn = createServerFn({ method: 'POST' })
  .validator(creatorCodeInputSchema)
  .handler(action('user', ({ db, data, caller }) => supportCreator(db, caller.id, data.code, 'entered', now())))

export const stopSupportingCreatorFn = createServerFn({ method: 'POST' }).handler(
  action('user', async ({ db, caller }) => {
    await stopSupporting(db, caller.id)
    appendResponseHeader('set-cookie', clearCreatorCookie())
    return null
  }),
)

export const adminCreatorCodesFn = createServerFn({ method: 'GET' })
  .validator(adminCreatorCodesQuerySchema)
  .handler(answer('admin', ({ db, data }) => listCreatorCodes(db, data.q)))

/** Rename, disable, enable, or set the shopper discount (admins, audited). */
export const adminCreatorCodeActionFn = createServerFn({ method: 'POST' })
  .validator(adminCreatorCodeActionSchema)
  .handler(action('admin', ({ db, data, caller }) => changeCreatorCode(db, caller, data.id, data.decision)))
