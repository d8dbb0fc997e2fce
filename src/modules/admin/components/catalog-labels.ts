/** Words the catalogue editors share: product kinds, language names, stale-copy and save messages. */
import type { I18n, MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { ProductKind } from '~/modules/catalog/catalog.schemas'
import { actionErrorText } from '~/modules/errors/error-text'
import type { ActionFailure } from '~/modules/errors/action-result'
import type { Locale } from '~/modules/i18n/locales'

export const KIND_LABELS: Record<ProductKind, MessageDescriptor> = {
  topup: msg`Top-up`,
  currency: msg`Game code`,
}

/** Each language named in the admin's language ("German" in English, "Deutsch" in German). */
export const LANGUAGE_NAMES: Record<Locale, MessageDescriptor> = {
  en: msg`English`,
  fr: msg`French`,
  pt: msg`Portuguese`,
  es: msg`Spanish`,
  de: msg`German`,
  ru: msg`Russian`,
}

export type SaveState = { ok: true; text: string } | { ok: false; text: string; stale: boolean } | undefined

/** A refused save in words; a stale copy says what happened and what to do. */
export function refusalText(i18n: I18n, failure: ActionFailure): { ok: false; text: string; stale: boolean } {
  if (failure.issues.includes('stale_version')) {
    return {
      ok: false,
      stale: true,
      text: i18n._(
        msg`Someone else changed this since you opened it. Reload to see their version, then make your change again.`,
      ),
    }
  }
  return { ok: false, stale: false, text: actionErrorText(i18n, failure) }
}

/** The form could not be sent: the fields say why. */
export function invalidFormText(i18n: I18n): { ok: false; text: string; stale: false } {
  return { ok: false, stale: false, text: i18n._(msg`Some fields need your attention.`) }
}
