import { z } from 'zod'

/** What a browser journey asks of POST /api/workshop/test-users (all optional). */
export const testUserInputSchema = z.strictObject({
  role: z.enum(['customer', 'support', 'admin']).default('customer'),
  /** Also make the account a promoter (with its own promote code), as joining the programme does. */
  promoter: z.boolean().default(false),
  username: z.string().trim().min(1).max(40).optional(),
  /** Starts the address (then `-<random>@example.com`): a long one, for layouts that must not overflow. */
  emailPrefix: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{0,59}$/)
    .optional(),
  /**
   * With `promoter`: commission earned on a referred, delivered order of this amount (minor
   * units, the promoter's currency), released at once: a balance for large-withdrawal journeys.
   */
  referredOrderMinor: z.number().int().positive().max(100_000_000).optional(),
})

export type TestUserInput = z.input<typeof testUserInputSchema>

export interface TestUser {
  id: string
  email: string
  password: string
  username: string | null
  role: 'customer' | 'support' | 'admin'
  promoteCode: string | null
}
