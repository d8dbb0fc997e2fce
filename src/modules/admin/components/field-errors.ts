/**
 * Field-level messages for the catalogue and coupon editors. The zod schemas (catalog.schemas.ts)
 * that the server validates with carry issue codes; the editor runs the same schema and words each
 * code here, next to its field. A save's refusal names no field path, so its codes are placed here.
 */
import type { I18n, MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { ZodType } from 'zod'

const FIELD_MESSAGES: Record<string, MessageDescriptor> = {
  required: msg`This field is required.`,
  too_long: msg`This is too long.`,
  slug: msg`Use lower-case letters, digits and single hyphens (e.g. star-quest).`,
  cover: msg`Choose an image under /images/ (svg, webp, png or jpg).`,
  integer: msg`Enter a whole number.`,
  positive: msg`Enter a number of at least 1.`,
  field_key: msg`Letters and digits, starting with a letter (e.g. playerId).`,
  duplicate: msg`This value appears twice.`,
  pattern: msg`This is not a valid regular expression.`,
  no_player_fields: msg`Code products have no player fields: remove them or choose top-up.`,
  name_for_description: msg`Add a name in this language, or leave its description empty.`,
  region: msg`Regions are letters, digits or hyphens (e.g. global, EU).`,
  sku_code: msg`Upper-case letters and digits, joined by - or _ (e.g. SFL-60).`,
  decimal: msg`Enter an amount such as 4.99 (at most two decimals).`,
  whole_number: msg`Enter a whole amount.`,
  amount_range: msg`Enter an amount above zero.`,
  list_below_price: msg`The "was" price cannot be below the price.`,
  coupon_code: msg`3 to 40 letters or digits, joined by - or _.`,
  percent: msg`Enter a percentage from 1 to 100.`,
  fixed_needs_currency: msg`A fixed discount needs an amount in at least one currency.`,
  datetime: msg`Enter a date and time.`,
  window: msg`The end must be after the start.`,
  unknown_category: msg`Choose a category.`,
  below_used: msg`The limit cannot be below the uses already taken.`,
  slug_taken: msg`Another game already has this slug.`,
  code_taken: msg`This code is already taken.`,
  alias: msg`An alias needs at least one letter or digit.`,
  too_many_aliases: msg`At most 20 aliases.`,
}

/** Where a save's refusal belongs in the form. */
const REFUSAL_FIELDS: Record<string, string> = {
  slug_taken: 'slug',
  code_taken: 'code',
  below_used: 'usageLimit',
  unknown_category: 'categoryId',
}

export type FieldErrors = Record<string, string>

/** The schema's issues by field path ("texts.de.name"), first issue per field. */
export function validate<T>(
  schema: ZodType<T>,
  value: unknown,
): { ok: true; data: T } | { ok: false; errors: FieldErrors } {
  const parsed = schema.safeParse(value)
  if (parsed.success) return { ok: true, data: parsed.data }
  const errors: FieldErrors = {}
  for (const issue of parsed.error.issues) {
    const key = issue.path.join('.')
    errors[key] ??= FIELD_MESSAGES[issue.message] ? issue.message : issue.code === 'too_big' ? 'too_long' : 'required'
  }
  return { ok: false, errors }
}

/** The refusal issues a form can show beside a field ({ slug: 'slug_taken' }). */
export function refusalFieldErrors(issues: string[]): FieldErrors {
  const errors: FieldErrors = {}
  for (const issue of issues) if (REFUSAL_FIELDS[issue]) errors[REFUSAL_FIELDS[issue]] = issue
  return errors
}

export function fieldErrorText(i18n: I18n, code: string | undefined): string | undefined {
  if (!code) return undefined
  return i18n._(FIELD_MESSAGES[code] ?? FIELD_MESSAGES.required!)
}
