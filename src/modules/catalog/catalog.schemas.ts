/** Catalog shapes shared by server and client (no server imports here). */
import { z } from 'zod'

export const PRODUCT_KINDS = ['topup', 'currency'] as const
export const productKindSchema = z.enum(PRODUCT_KINDS)
/** 'topup' is credited to a player account; 'currency' is a code from our inventory. */
export type ProductKind = z.infer<typeof productKindSchema>

/**
 * One input the buyer fills in for a top-up, e.g. the player ID or the game server.
 * The UI translates the label from `key`; `pattern` is a JS/PostgreSQL-compatible regex source.
 */
export const playerFieldSchema = z.object({
  key: z.string().regex(/^[a-zA-Z][a-zA-Z0-9]*$/),
  required: z.boolean(),
  pattern: z.string().optional(),
  options: z.array(z.object({ value: z.string(), label: z.string() })).optional(),
  /** What a valid value looks like in this game, shown in the "where is my player ID?" help. */
  example: z.string().max(32).optional(),
})
export type PlayerField = z.infer<typeof playerFieldSchema>

export const NAVIGATION_TYPES = ['url', 'category'] as const

/** SPEC §3 "Navigation item: id, name, type, url, code, visible". */
export const navigationItemSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  type: z.enum(NAVIGATION_TYPES),
  /** Always set: category items get /categories/{code} when no explicit url is stored. */
  url: z.string(),
  code: z.string(),
  visible: z.boolean(),
})
export type NavigationItem = z.infer<typeof navigationItemSchema>
