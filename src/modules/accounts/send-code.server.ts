/**
 * Sends a sign-up or reset code. The answer is the same whether or not the account exists (no
 * enumeration): a sign-up code goes only to new e-mails, a reset code only to existing accounts.
 */
import { eq } from 'drizzle-orm'
import type { Db } from '~/server/db/client'
import { users } from '~/server/db/schema'
import { sendMail } from '~/server/mail/mailer'
import { verificationCodeMail } from '~/server/mail/templates'
import { hitRateLimits } from '~/server/rate-limit'
import type { Locale } from '~/modules/i18n/locales'
import { CODE_TTL_MINUTES, issueEmailCode, type CodePurpose } from './email-codes.server'

export const CODE_LIMITS = (email: string, ip: string) => [
  { key: `code:email:${email}`, max: 3, windowSeconds: 10 * 60 },
  { key: `code:ip:${ip}`, max: 20, windowSeconds: 60 * 60 },
]

export async function sendEmailCode(
  db: Db,
  input: { email: string; purpose: Exclude<CodePurpose, 'delete_account'>; locale: Locale; ip: string },
): Promise<void> {
  await hitRateLimits(db, CODE_LIMITS(input.email, input.ip))
  const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.email, input.email)).limit(1)
  const shouldSend = input.purpose === 'signup' ? !existing : Boolean(existing)
  if (!shouldSend) return
  const code = await issueEmailCode(db, input.email, input.purpose)
  await sendMail({ to: input.email, ...verificationCodeMail(input.locale, input.purpose, code, CODE_TTL_MINUTES) })
}
