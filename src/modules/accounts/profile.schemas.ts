/** The signed-in user's profile (SPEC §3) and its editable part (client-safe). */
import { z } from 'zod'

export interface BillingAddressView {
  firstName: string
  lastName: string
  phone: string
  email: string
  postalCode: string
  address1: string
  address2: string
  country: string
  province: string
  city: string
}

export interface Profile {
  id: string
  aid: number
  username: string
  email: string
  avatar: string
  promoter: boolean
  billingAddress: BillingAddressView
  facebookId: string
  skypeId: string
  telegramId: string
  twitterId: string
  discordId: string
  whatsAppId: string
  steamId: string
  authenticated: boolean
}

const text = (max: number) => z.string().trim().max(max)
const contact = text(64).regex(/^[\w.@+:/-]*$/, 'letters, digits and . _ - @ + : / only')

export const billingAddressSchema = z.object({
  firstName: text(80),
  lastName: text(80),
  phone: text(32).regex(/^[+\d\s().-]*$/, 'digits, spaces and + ( ) . - only'),
  email: z.union([z.literal(''), z.email().max(254)]),
  postalCode: text(20),
  address1: text(200),
  address2: text(200),
  country: z.union([z.literal(''), z.string().regex(/^[A-Z]{2}$/, 'two-letter country code')]),
  province: text(80),
  city: text(80),
})

export const updateProfileSchema = z.object({
  username: text(40).min(2),
  avatar: z.union([
    z.literal(''),
    z.url({ protocol: /^https$/ }).max(500),
    z
      .string()
      .regex(/^\/[\w./-]+$/)
      .max(200),
  ]),
  billingAddress: billingAddressSchema,
  facebookId: contact,
  skypeId: contact,
  telegramId: contact,
  twitterId: contact,
  discordId: contact,
  whatsAppId: contact,
  steamId: contact,
})

export type UpdateProfileInput = z.infer<typeof updateProfileSchema>

/** A partial change (REST PATCH): any editable field, billing address fields one by one. */
export const profilePatchSchema = updateProfileSchema
  .extend({ billingAddress: billingAddressSchema.partial() })
  .partial()
