/**
 * Validation of a game's player fields, run in the browser before anything is sent and again by
 * the server's quote (client-safe). Hand-written rather than a schema: it ships with the offer
 * page's first-load JavaScript.
 */
import type { PlayerField } from '~/modules/catalog/catalog.schemas'

export const PLAYER_FORM_ISSUES = ['required', 'format', 'option'] as const
export type PlayerFormIssue = (typeof PLAYER_FORM_ISSUES)[number]
export type PlayerFormValues = Record<string, string>

export type PlayerFormResult =
  { ok: true; values: PlayerFormValues } | { ok: false; issues: Partial<Record<string, PlayerFormIssue>> }

/** The first problem with one trimmed value, if any. */
function issueOf(field: PlayerField, value: string): PlayerFormIssue | undefined {
  if (value === '') return field.required ? 'required' : undefined
  if (field.pattern && !new RegExp(field.pattern).test(value)) return 'format'
  if (field.options && !field.options.some((o) => o.value === value)) return 'option'
  return undefined
}

export function validatePlayerForm(fields: readonly PlayerField[], values: PlayerFormValues): PlayerFormResult {
  const clean: PlayerFormValues = {}
  const issues: Partial<Record<string, PlayerFormIssue>> = {}
  for (const field of fields) {
    const raw: unknown = values[field.key] ?? ''
    const value = typeof raw === 'string' ? raw.trim() : ''
    clean[field.key] = value
    const issue = typeof raw === 'string' ? issueOf(field, value) : 'format'
    if (issue) issues[field.key] = issue
  }
  return Object.keys(issues).length ? { ok: false, issues } : { ok: true, values: clean }
}
