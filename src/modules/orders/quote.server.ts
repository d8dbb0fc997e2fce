/**
 * Pricing an order request: cart from sku_prices, coupons checked with the pure rules, player
 * details validated against the game's fields and looked up at the supplier. Shared by the
 * /order/confirm quote and createOrder, so the page shows exactly what the order will charge.
 */
import type { Db } from '~/server/db/client'
import { applyCoupons, normalizeCouponCode, type CouponRule } from '~/modules/coupons/coupon-rules'
import { lookUpCoupons } from '~/modules/coupons/coupon-limits.server'
import { customerUses } from '~/modules/coupons/coupons.server'
import { AppError } from '~/modules/errors/app-error'
import { validatePlayerForm } from '~/modules/fulfilment/player-form'
import type { Supplier } from '~/modules/fulfilment/supplier'
import type { Locale } from '~/modules/i18n/locales'
import { creatorForOrder, type CurrentChoice, type OrderCreator } from '~/modules/creator-codes/creator-codes.server'
import { loadCart, type Cart } from './cart.server'
import type { CouponOutcome, OrderQuote } from './orders.schemas'

export interface PricingRequest {
  items: readonly { skuId: number; quantity: number }[]
  currency: string
  couponCodes: readonly string[]
  locale: Locale
}

export interface Priced {
  cart: Cart
  coupons: CouponRule[]
  outcomes: CouponOutcome[]
  /** Coupons' and the creator code's discounts together. */
  discountMinor: number
  totalMinor: number
  /** The creator the signed-in shopper supports, with its discount on this order (ADR 120, 121). */
  creator?: OrderCreator
}

export function couponCodesOf(input: { couponCode?: string; couponCodes?: string[] }): string[] {
  const all = [...(input.couponCode ? [input.couponCode] : []), ...(input.couponCodes ?? [])]
  return [...new Set(all.map(normalizeCouponCode).filter(Boolean))]
}

/**
 * `userId` null: a visitor's quote (per-customer coupon limits are checked again at order time).
 * `ip`: the door's client; the coupon lookup is then charged to it and the user (a guessing oracle).
 */
export async function priceRequest(
  db: Db,
  userId: string | null,
  req: PricingRequest,
  now: Date,
  ip?: string,
  /** The buyer's creator choice when the caller read it already (null: none). */
  creatorChoice?: CurrentChoice | null,
): Promise<Priced> {
  const cart = await loadCart(db, req.items, req.currency, req.locale)
  const found = await lookUpCoupons(db, req.couponCodes, ip === undefined ? undefined : { ip, userId })
  const uses = await customerUses(
    db,
    userId,
    found.map((c) => c.id),
  )
  const lines = cart.lines.map((l) => ({ gameId: l.gameId, categoryId: l.categoryId, amountMinor: l.lineMinor }))
  const applied = applyCoupons(found, {
    now,
    currency: req.currency,
    lines,
    usesOf: (id) => uses.get(id) ?? 0,
  })
  const outcomes: CouponOutcome[] = req.couponCodes.map((code) => {
    const check = applied.results.find((r) => r.code === code)?.check
    if (!check) return { code, ok: false, reason: 'not_found' }
    return check.ok
      ? { code, ok: true, discountMinor: check.discountMinor }
      : {
          code,
          ok: false,
          reason: check.reason === 'inactive' ? 'not_found' : check.reason,
          missingMinor: check.missingMinor,
        }
  })
  const accepted = found.filter((c) => outcomes.find((o) => o.code === c.code)?.ok)
  const couponMinor = applied.discountMinor
  const creator = await creatorForOrder(
    db,
    userId,
    { currency: req.currency, afterCouponsMinor: cart.subtotalMinor - couponMinor, hasCoupon: accepted.length > 0 },
    now,
    creatorChoice,
  )
  const discountMinor = couponMinor + (creator?.discount.discountMinor ?? 0)
  return { cart, coupons: accepted, outcomes, discountMinor, totalMinor: cart.subtotalMinor - discountMinor, creator }
}

export function toQuote(p: Priced, player: OrderQuote['player'] = null): OrderQuote {
  return {
    currency: p.cart.currency,
    player,
    game: p.cart.game,
    lines: p.cart.lines.map((l) => ({
      skuId: l.skuId,
      title: l.title,
      kind: l.kind,
      quantity: l.quantity,
      unitPriceMinor: l.unitPriceMinor,
      lineMinor: l.lineMinor,
    })),
    subtotalMinor: p.cart.subtotalMinor,
    discountMinor: p.discountMinor,
    totalMinor: p.totalMinor,
    coupons: p.outcomes,
    creator: p.creator
      ? {
          code: p.creator.code,
          discountMinor: p.creator.discount.discountMinor,
          notWithCoupon: !p.creator.discount.applied && p.creator.discount.reason === 'coupon',
        }
      : null,
  }
}

/**
 * Validated player details for the order: top-ups need the game's fields and a player the
 * supplier knows (the nickname is kept so the shopper sees who receives the top-up); code
 * products need none.
 */
export async function resolvePlayer(
  supplier: Supplier,
  cart: Cart,
  player: { playerId?: string; server?: string },
): Promise<Record<string, string>> {
  if (cart.game.kind !== 'topup') return {}
  const values = Object.fromEntries(Object.entries(player).filter(([, v]) => v !== undefined)) as Record<string, string>
  const form = validatePlayerForm(cart.game.playerFields, values)
  if (!form.ok) {
    throw new AppError('INVALID_INPUT', 'Invalid player details', {
      issues: Object.entries(form.issues).map(([key, issue]) => ({ path: `player.${key}`, message: String(issue) })),
    })
  }
  const playerId = form.values.playerId ?? ''
  const server = form.values.server || undefined
  const check = await supplier.checkPlayer(cart.game.slug, playerId, server)
  if (!check.ok) {
    throw new AppError('INVALID_INPUT', 'Player not accepted by the game', {
      issues: [{ path: check.code === 'WRONG_SERVER' ? 'player.server' : 'player.playerId', message: check.code }],
    })
  }
  return { playerId, ...(server ? { server } : {}), nickname: check.nickname }
}

/** The quote's player line: who receives the top-up, or why the details are refused. */
export async function quotePlayer(
  supplier: Supplier,
  cart: Cart,
  player: { playerId?: string; server?: string },
): Promise<OrderQuote['player']> {
  if (cart.game.kind !== 'topup' || !player.playerId) return null
  try {
    const p = await resolvePlayer(supplier, cart, player)
    return { ok: true, playerId: p.playerId!, server: p.server, nickname: p.nickname! }
  } catch (error) {
    const issue = error instanceof AppError ? error.issues?.[0] : undefined
    if (!issue) throw error
    return { ok: false, path: issue.path, code: issue.message }
  }
}
