/** Reading and editing the signed-in user's profile. */
import { eq, sql } from 'drizzle-orm'
import { AppError } from '~/modules/errors/app-error'
import type { Db } from '~/server/db/client'
import { prepared } from '~/server/db/prepared'
import { users, type BillingAddress } from '~/server/db/schema'
import {
  profilePatchSchema,
  updateProfileSchema,
  type BillingAddressView,
  type Profile,
  type UpdateProfileInput,
} from './profile.schemas'
import { now } from '~/modules/time/clock'

type UserRow = typeof users.$inferSelect

/** SPEC §3 fallbacks: billing e-mail falls back to the account e-mail, address1 to address2. */
export function billingView(address: BillingAddress | null, accountEmail: string): BillingAddressView {
  const a = address ?? {}
  return {
    firstName: a.firstName ?? '',
    lastName: a.lastName ?? '',
    phone: a.phone ?? '',
    email: a.email || accountEmail,
    postalCode: a.postalCode ?? '',
    address1: a.address1 || a.address2 || '',
    address2: a.address2 ?? '',
    country: a.country ?? '',
    province: a.province ?? '',
    city: a.city ?? '',
  }
}

export function toProfile(user: UserRow): Profile {
  return {
    id: user.id,
    aid: user.aid,
    username: user.username ?? user.email.split('@')[0],
    email: user.email,
    avatar: user.avatar ?? '',
    promoter: user.promoter,
    billingAddress: billingView(user.billingAddress, user.email),
    facebookId: user.facebookId ?? '',
    skypeId: user.skypeId ?? '',
    telegramId: user.telegramId ?? '',
    twitterId: user.twitterId ?? '',
    discordId: user.discordId ?? '',
    whatsAppId: user.whatsAppId ?? '',
    steamId: user.steamId ?? '',
    authenticated: true,
  }
}

export async function getProfile(db: Db, userId: string): Promise<Profile> {
  const [user] = await prepared(db, 'profile', (conn) =>
    conn
      .select()
      .from(users)
      .where(eq(users.id, sql.placeholder('userId')))
      .limit(1),
  ).execute({ userId })
  if (!user) throw new AppError('UNAUTHENTICATED', 'Account not found')
  return toProfile(user)
}

const orNull = (value: string) => (value === '' ? null : value)

export async function updateProfile(db: Db, userId: string, input: UpdateProfileInput): Promise<Profile> {
  const billing = Object.fromEntries(Object.entries(input.billingAddress).filter(([, v]) => v !== '')) as BillingAddress
  const [user] = await db
    .update(users)
    .set({
      username: input.username,
      avatar: orNull(input.avatar),
      billingAddress: billing,
      facebookId: orNull(input.facebookId),
      skypeId: orNull(input.skypeId),
      telegramId: orNull(input.telegramId),
      twitterId: orNull(input.twitterId),
      discordId: orNull(input.discordId),
      whatsAppId: orNull(input.whatsAppId),
      steamId: orNull(input.steamId),
      updatedAt: now(),
    })
    .where(eq(users.id, userId))
    .returning()
  if (!user) throw new AppError('UNAUTHENTICATED', 'Account not found')
  return toProfile(user)
}

/**
 * PATCH semantics (the REST door): the fields sent change, the others keep their value, billing
 * address fields one by one; the result is checked whole, as the account page's save is.
 */
export async function patchProfile(db: Db, userId: string, body: unknown): Promise<Profile> {
  const { billingAddress, ...fields } = profilePatchSchema.parse(body)
  const current = await getProfile(db, userId)
  const editable = Object.fromEntries(
    Object.keys(updateProfileSchema.shape).map((key) => [key, current[key as keyof Profile]]),
  )
  const next = updateProfileSchema.parse({
    ...editable,
    ...fields,
    billingAddress: { ...current.billingAddress, ...billingAddress },
  })
  return updateProfile(db, userId, next)
}
