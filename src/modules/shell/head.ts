import type { I18n, MessageDescriptor } from '@lingui/core'

export const BRAND = 'TopUp Hub'

/** Localized <title> and description for a page's head(). */
export function pageHead(i18n: I18n, title: MessageDescriptor | string, description?: MessageDescriptor | string) {
  const text = (m: MessageDescriptor | string) => (typeof m === 'string' ? m : i18n._(m))
  const fullTitle = `${text(title)} · ${BRAND}`
  const meta: Record<string, string>[] = [{ title: fullTitle }, { property: 'og:title', content: fullTitle }]
  if (description) {
    meta.push({ name: 'description', content: text(description) })
    meta.push({ property: 'og:description', content: text(description) })
  }
  return { meta }
}
