/** E-mail rules shared by the client and the server. */
import { z } from 'zod'

/** Accounts store e-mails lower-cased (the users table checks it). */
export const normaliseEmail = (email: string) => email.trim().toLowerCase()

export const emailSchema = z.email().max(254).transform(normaliseEmail)

/** At least 8 characters with a letter and a digit; long passphrases are welcome. */
export const passwordSchema = z
  .string()
  .min(8)
  .max(200)
  .regex(/[A-Za-z]/, 'must contain a letter')
  .regex(/\d/, 'must contain a digit')
