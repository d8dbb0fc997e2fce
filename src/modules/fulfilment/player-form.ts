/** Client-side validation of a game's player fields, run before anything is sent (client-safe). */
import { z } from 'zod'
import type { PlayerField } from '../catalog/catalog.schemas'

export const PLAYER_FORM_ISSUES = ['required', 'format', 'option'] as const
export type PlayerFormIssue = (typeof PLAYER_FORM_ISSUES)[number]
export type PlayerFormValues = Record<string, string>

/** One zod object over the game's fields; issue messages are codes that the UI translates. */
export function playerFormSchema(fields: readonly PlayerField[]) {
  const shape: Record<string, z.ZodType<string>> = {}
  for (const field of fields) {
    const pattern = field.pattern ? new RegExp(field.pattern) : undefined
    const options = field.options?.map((o) => o.value)
    shape[field.key] = z
      .string()
      .trim()
      .superRefine((value, ctx) => {
        if (value === '') {
          if (field.required) ctx.addIssue({ code: 'custom', message: 'required' })
          return
        }
        if (pattern && !pattern.test(value)) ctx.addIssue({ code: 'custom', message: 'format' })
        else if (options && !options.includes(value)) ctx.addIssue({ code: 'custom', message: 'option' })
      })
  }
  return z.object(shape)
}

export type PlayerFormResult =
  { ok: true; values: PlayerFormValues } | { ok: false; issues: Partial<Record<string, PlayerFormIssue>> }

export function validatePlayerForm(fields: readonly PlayerField[], values: PlayerFormValues): PlayerFormResult {
  const input = Object.fromEntries(fields.map((f) => [f.key, values[f.key] ?? '']))
  const result = playerFormSchema(fields).safeParse(input)
  if (result.success) return { ok: true, values: result.data }
  const issues: Partial<Record<string, PlayerFormIssue>> = {}
  for (const issue of result.error.issues) {
    const key = String(issue.path[0])
    issues[key] ??= (PLAYER_FORM_ISSUES as readonly string[]).includes(issue.message)
      ? (issue.message as PlayerFormIssue)
      : 'format'
  }
  return { ok: false, issues }
}
