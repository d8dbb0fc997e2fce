/** The provider's view of our users: who a `sub` is and which claims each scope releases. */
import { eq } from 'drizzle-orm'
import type { Account, FindAccount } from 'oidc-provider'
import { getDb, type Db } from '~/server/db/client'
import { users } from '~/server/db/schema'

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** Scope → claims it releases (SPEC: sub, email, name/username, promoter). */
export const CLAIMS = {
  openid: ['sub'],
  email: ['email', 'email_verified'],
  profile: ['name', 'preferred_username', 'picture', 'promoter'],
}

export const findAccount: FindAccount = async (_ctx, sub): Promise<Account | undefined> => {
  if (!UUID.test(sub)) return undefined
  return accountIn(await getDb(), sub)
}

/**
 * The provider's account for user `id` in `db` (findAccount passes the app's database; tests pass
 * their own, in which the account exists).
 */
export async function accountIn(db: Db, id: string): Promise<Account | undefined> {
  const [user] = await db.select().from(users).where(eq(users.id, id)).limit(1)
  // A deleted account (ADR 126) is nobody: no token, no userinfo, no silent sign-in.
  if (!user || user.deletedAt) return undefined
  return {
    accountId: user.id,
    claims: () => ({
      sub: user.id,
      email: user.email,
      email_verified: user.emailVerifiedAt !== null,
      name: user.username ?? undefined,
      preferred_username: user.username ?? undefined,
      picture: user.avatar ?? undefined,
      promoter: user.promoter,
    }),
  }
}
