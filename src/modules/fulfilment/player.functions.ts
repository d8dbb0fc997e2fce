import { createServerFn } from '@tanstack/react-start'
import { clientIp } from '~/server/http/client-ip'
import { markServerFnRefusal } from '~/server/http/respond'
import { answer } from '~/modules/door/server-fn.server'
import { isAppError } from '~/modules/errors/app-error'
import { chargePlayerLookup } from './player-limits.server'
import { checkPlayerForOffer } from './player.server'
import { supplierFor } from './suppliers.server'
import { checkPlayerInputSchema, type PlayerCheckResult } from './supplier'

export type CheckPlayerAnswer =
  PlayerCheckResult | { ok: false; code: 'RATE_LIMITED'; retryAfterSeconds: number | undefined }

/**
 * "Check player" for anyone (visitors too), within the caller's lookup budget. Over budget the
 * answer is a 429 with Retry-After and says how long to wait.
 */
export const checkPlayer = createServerFn({ method: 'POST' })
  .validator(checkPlayerInputSchema)
  .handler(
    answer('anyone', async ({ db, data, request, door }): Promise<CheckPlayerAnswer> => {
      try {
        await chargePlayerLookup(db, { ip: clientIp(request), userId: (await door.caller())?.id ?? null })
      } catch (error) {
        if (!isAppError(error) || error.code !== 'RATE_LIMITED') throw error
        markServerFnRefusal(error)
        // A value, not a throw: Start sends thrown errors to the client with their message only.
        return { ok: false, code: 'RATE_LIMITED', retryAfterSeconds: error.retryAfterSeconds }
      }
      return checkPlayerForOffer(db, supplierFor(db), data)
    }),
  )
