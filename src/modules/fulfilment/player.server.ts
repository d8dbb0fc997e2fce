/** "Check player" on the offer page: which game the offer is for, then ask the supplier. */
import type { Db } from '~/server/db/client'
import { getOffer } from '~/modules/catalog/offer.server'
import { AppError } from '~/modules/errors/app-error'
import type { CheckPlayerInput, PlayerCheckResult, Supplier } from './supplier'

export async function checkPlayerForOffer(
  db: Db,
  supplier: Supplier,
  input: CheckPlayerInput,
): Promise<PlayerCheckResult> {
  const offer = await getOffer(db, input.offerId, 'en')
  if (!offer) throw new AppError('NOT_FOUND', `Offer ${input.offerId} does not exist`)
  if (offer.kind !== 'topup') throw new AppError('INVALID_INPUT', 'This offer is delivered as a code, not to a player')
  return supplier.checkPlayer(offer.game.slug, input.playerId, input.server || undefined)
}
