/**
 * Looking up a player ID tells who plays under it (the nickname): an oracle for anyone, signed
 * in or not. Each lookup spends the caller's budget, per client address and per signed-in user.
 */
import { config } from '../../../app.config'
import type { Db } from '~/server/db/client'
import { hitRateLimits, perCaller, type Caller } from '~/server/rate-limit'

const WINDOW_SECONDS = 10 * 60

/** Throws RATE_LIMITED (429, Retry-After) once the caller's budget (PLAYER_LOOKUP_LIMIT) is spent. */
export function chargePlayerLookup(db: Db, caller: Caller): Promise<void> {
  return hitRateLimits(db, perCaller('player', caller, config().PLAYER_LOOKUP_LIMIT, WINDOW_SECONDS))
}
