import type { I18n, MessageDescriptor } from '@lingui/core'
import { pageHead } from '~/modules/shell/head'

/**
 * The head of a page rendered from the pages table. Apart from the page's component on purpose:
 * route definitions (and so this) load with every page, the component only with its route (ADR 041).
 */
export function cmsPageHead(
  i18n: I18n,
  loaderData: { title: string; description: string } | undefined,
  fallbackTitle: MessageDescriptor,
) {
  return loaderData ? pageHead(i18n, loaderData.title, loaderData.description) : pageHead(i18n, fallbackTitle)
}
