/**
 * The shopper's data file (ADR 125): everything the shop keeps about one account, as one JSON
 * document — the account and billing address, saved players, orders (items, payments, refunds),
 * support messages, the referral relationship and, for a promoter, links, commissions and
 * withdrawals, and both ledgers' entries. Secrets (password hash, session tokens) stay out.
 */
import { asc, eq, inArray, or } from 'drizzle-orm'
import type { Db } from '~/server/db/client'
import {
  attributions,
  creditEntries,
  games,
  ledgerEntries,
  orderItems,
  orders,
  passkeys,
  payments,
  playerProfiles,
  promoters,
  referralLinks,
  referrals,
  refunds,
  supportReplies,
  supportRequests,
  users,
  withdrawals,
} from '~/server/db/schema'

export const DATA_FILE_FORMAT = 'topup-hub.personal-data/1'

const iso = (d: Date | null) => (d ? d.toISOString() : null)

export async function buildDataFile(db: Db, userId: string, generatedAt: Date): Promise<string> {
  const [user] = await db.select().from(users).where(eq(users.id, userId))
  if (!user) throw new Error(`account ${userId} is gone`)

  const savedPlayers = await db
    .select({
      game: games.slug,
      label: playerProfiles.label,
      player: playerProfiles.player,
      nickname: playerProfiles.nickname,
      isDefault: playerProfiles.isDefault,
      createdAt: playerProfiles.createdAt,
    })
    .from(playerProfiles)
    .innerJoin(games, eq(games.id, playerProfiles.gameId))
    .where(eq(playerProfiles.userId, userId))
    .orderBy(asc(playerProfiles.createdAt))

  const keys = await db
    .select({
      label: passkeys.label,
      multiDevice: passkeys.multiDevice,
      createdAt: passkeys.createdAt,
      lastUsedAt: passkeys.lastUsedAt,
    })
    .from(passkeys)
    .where(eq(passkeys.userId, userId))
    .orderBy(asc(passkeys.createdAt))

  const myOrders = await db.select().from(orders).where(eq(orders.userId, userId)).orderBy(asc(orders.createdAt))
  const orderIds = myOrders.map((o) => o.id)
  const [items, paid, refunded] = orderIds.length
    ? await Promise.all([
        db.select().from(orderItems).where(inArray(orderItems.orderId, orderIds)).orderBy(asc(orderItems.id)),
        db.select().from(payments).where(inArray(payments.orderId, orderIds)).orderBy(asc(payments.createdAt)),
        db.select().from(refunds).where(inArray(refunds.orderId, orderIds)).orderBy(asc(refunds.createdAt)),
      ])
    : [[], [], []]

  const requests = await db
    .select()
    .from(supportRequests)
    .where(or(eq(supportRequests.userId, userId), eq(supportRequests.email, user.email)))
    .orderBy(asc(supportRequests.createdAt))
  const replies = requests.length
    ? await db
        .select()
        .from(supportReplies)
        .where(
          inArray(
            supportReplies.requestId,
            requests.map((r) => r.id),
          ),
        )
        .orderBy(asc(supportReplies.createdAt))
    : []

  const [referredBy] = await db
    .select({ promoteCode: promoters.promoteCode, createdAt: referrals.createdAt })
    .from(referrals)
    .innerJoin(promoters, eq(promoters.userId, referrals.promoterId))
    .where(eq(referrals.userId, userId))
  const [promoter] = await db.select().from(promoters).where(eq(promoters.userId, userId))
  const [links, commissions, payouts, commissionLedger] = promoter
    ? await Promise.all([
        db.select().from(referralLinks).where(eq(referralLinks.promoterId, userId)).orderBy(asc(referralLinks.id)),
        db.select().from(attributions).where(eq(attributions.promoterId, userId)).orderBy(asc(attributions.id)),
        db.select().from(withdrawals).where(eq(withdrawals.promoterId, userId)).orderBy(asc(withdrawals.createdAt)),
        db.select().from(ledgerEntries).where(eq(ledgerEntries.promoterId, userId)).orderBy(asc(ledgerEntries.id)),
      ])
    : [[], [], [], []]
  const creditLedger = await db
    .select()
    .from(creditEntries)
    .where(eq(creditEntries.userId, userId))
    .orderBy(asc(creditEntries.id))

  const file = {
    format: DATA_FILE_FORMAT,
    generatedAt: generatedAt.toISOString(),
    account: {
      id: user.id,
      accountNumber: user.aid,
      email: user.email,
      emailVerifiedAt: iso(user.emailVerifiedAt),
      username: user.username,
      avatar: user.avatar,
      language: user.locale,
      promoter: user.promoter,
      contactIds: {
        facebook: user.facebookId,
        skype: user.skypeId,
        telegram: user.telegramId,
        twitter: user.twitterId,
        discord: user.discordId,
        whatsApp: user.whatsAppId,
        steam: user.steamId,
      },
      createdAt: iso(user.createdAt),
      // The names and dates of the account's passkeys; their public keys are the authenticator's.
      passkeys: keys.map((k) => ({ ...k, createdAt: iso(k.createdAt), lastUsedAt: iso(k.lastUsedAt) })),
    },
    addresses: { billing: user.billingAddress ?? null },
    savedPlayers: savedPlayers.map((p) => ({ ...p, createdAt: iso(p.createdAt) })),
    orders: myOrders.map((o) => ({
      number: o.number,
      status: o.status,
      currency: o.currency,
      subtotalMinor: o.subtotalMinor,
      discountMinor: o.discountMinor,
      totalMinor: o.totalMinor,
      storeCreditMinor: o.creditMinor,
      player: o.player,
      email: o.email,
      language: o.locale,
      createdAt: iso(o.createdAt),
      items: items
        .filter((i) => i.orderId === o.id)
        .map((i) => ({
          title: i.title,
          quantity: i.quantity,
          unitPriceMinor: i.unitPriceMinor,
          currency: i.currency,
          deliveredAt: iso(i.deliveredAt),
        })),
      payments: paid
        .filter((p) => p.orderId === o.id)
        .map((p) => ({
          method: p.method,
          status: p.status,
          amountMinor: p.amountMinor,
          currency: p.currency,
          createdAt: iso(p.createdAt),
        })),
      refunds: refunded
        .filter((r) => r.orderId === o.id)
        .map((r) => ({
          amountMinor: r.amountMinor,
          currency: r.currency,
          status: r.status,
          destination: r.destination,
          createdAt: iso(r.createdAt),
          completedAt: iso(r.completedAt),
        })),
    })),
    supportMessages: requests.map((r) => ({
      topic: r.topic,
      order: myOrders.find((o) => o.id === r.orderId)?.number ?? null,
      email: r.email,
      message: r.message,
      createdAt: iso(r.createdAt),
      replies: replies
        .filter((reply) => reply.requestId === r.id)
        .map((reply) => ({ message: reply.message, createdAt: iso(reply.createdAt) })),
    })),
    referral: {
      referredBy: referredBy ? { promoteCode: referredBy.promoteCode, since: iso(referredBy.createdAt) } : null,
      promoter: promoter
        ? {
            promoteCode: promoter.promoteCode,
            status: promoter.status,
            currency: promoter.currency,
            joinedAt: iso(promoter.createdAt),
            links: links.map((l) => ({
              code: l.code,
              targetPath: l.targetPath,
              campaign: l.campaign,
              createdAt: iso(l.createdAt),
              archivedAt: iso(l.archivedAt),
            })),
            // Referred orders are the buyers' data: only the commission side is the promoter's.
            commissions: commissions.map((a) => ({
              status: a.status,
              currency: a.currency,
              baseMinor: a.baseMinor,
              rateBps: a.rateBps,
              commissionMinor: a.commissionMinor,
              paidAt: iso(a.paidAt),
              availableAt: iso(a.availableAt),
            })),
            withdrawals: payouts.map((w) => ({
              amountMinor: w.amountMinor,
              currency: w.currency,
              method: w.method,
              destination: w.destination,
              status: w.status,
              note: w.note,
              createdAt: iso(w.createdAt),
            })),
          }
        : null,
    },
    ledgers: {
      commission: commissionLedger.map((e) => ({
        transaction: e.txnId,
        account: e.account,
        kind: e.kind,
        amountMinor: e.amountMinor,
        currency: e.currency,
        createdAt: iso(e.createdAt),
      })),
      storeCredit: creditLedger.map((e) => ({
        transaction: e.txnId,
        account: e.account,
        kind: e.kind,
        amountMinor: e.amountMinor,
        currency: e.currency,
        order: myOrders.find((o) => o.id === e.orderId)?.number ?? null,
        createdAt: iso(e.createdAt),
      })),
    },
  }
  return JSON.stringify(file, null, 2)
}
