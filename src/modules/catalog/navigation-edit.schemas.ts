/**
 * What the back office's navigation editor sends and receives (client-safe). The field rules the
 * screen also checks before sending live in navigation-rules.ts.
 */
import { z } from 'zod'

export const navigationSaveSchema = z.object({
  id: z.number().int().positive().max(2_147_483_647).optional(),
  version: z
    .string()
    .regex(/^[0-9a-f]{16}$/)
    .optional(),
  name: z.string().trim().max(100),
  type: z.enum(['url', 'category']),
  url: z.string().trim().max(2000),
  code: z.string().trim().max(60),
  visible: z.boolean(),
})
export type NavigationSave = z.infer<typeof navigationSaveSchema>

export const navigationReorderSchema = z.object({
  ids: z.array(z.number().int().positive().max(2_147_483_647)).max(500),
})

export interface NavigationRow {
  id: number
  version: string
  name: string
  type: 'url' | 'category'
  url: string
  code: string
  visible: boolean
  sort: number
}
