/**
 * A component fetched the first time it renders, whose messages are an area's catalogue (ADR 070):
 * its code and the area's catalogue load together, so it never shows untranslated ids. For parts
 * that appear only after the page has hydrated (a signed-in shopper's extras on the offer page):
 * a visitor's first load carries neither their code nor their messages.
 */
import { i18n as browserI18n } from '@lingui/core'
import { lazy, type ComponentType } from 'react'
import { openMessageArea, type MessageArea } from './i18n'

// In the browser there is one i18n instance (router.tsx): the one the area is opened on.
export function lazyInArea<P extends object>(area: MessageArea, load: () => Promise<{ default: ComponentType<P> }>) {
  return lazy(() => Promise.all([load(), openMessageArea(browserI18n, area)]).then(([module]) => module))
}
