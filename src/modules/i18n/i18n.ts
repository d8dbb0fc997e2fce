import { setupI18n, type I18n, type Messages } from '@lingui/core'
import { DEFAULT_LOCALE, isLocale, type Locale } from './locales'
import { watchMissingMessages } from './missing-messages'
import { clientLog } from '~/modules/ops/client-log'

/**
 * The message catalogues (lingui.config.ts, ADR 062, 067): the storefront's, always loaded, and one
 * per area (the back office, the affiliate dashboard, the shopper's account pages, game search's box
 * and results page), loaded when the area is opened. One dynamic import per catalogue and locale:
 * each becomes its own chunk, fetched only when used.
 */
export type MessageArea = 'admin' | 'affiliate' | 'account' | 'search'
type Catalog = 'storefront' | MessageArea
/** Each catalogue's file name under locales/<locale>/. */
const FILE_OF: Record<Catalog, string> = {
  storefront: 'messages',
  admin: 'admin',
  affiliate: 'affiliate',
  account: 'account',
  search: 'search',
}

/** Every compiled catalogue, one lazy import (one chunk) per file. */
const poFiles = import.meta.glob<{ messages: Messages }>('../../../locales/*/*.po')

function importCatalog(catalog: Catalog, locale: Locale): Promise<{ messages: Messages }> {
  const load = poFiles[`../../../locales/${locale}/${FILE_OF[catalog]}.po`]
  if (!load) return Promise.reject(new Error(`no ${catalog} catalogue for ${locale}`))
  return load()
}

const isServer = typeof document === 'undefined'

/**
 * Where the build put the storefront catalogue of `locale` (vite.config.ts names it after the build
 * id): the page's head preloads it, so the browser fetches it beside the boot script instead of
 * after it. None in development, where catalogues are not chunks.
 */
export function catalogPreloadHref(locale: Locale): string | undefined {
  return import.meta.env.PROD ? `/assets/messages-${locale}-${__BUILD_ID__}.js` : undefined
}

/**
 * Each catalogue is imported once per process: the server builds an i18n instance per request, and
 * a dynamic import() on every render showed up in the profile. A failed load is forgotten (retried).
 */
const loaded = new Map<string, Promise<Messages>>()

function loadCatalog(catalog: Catalog, locale: Locale): Promise<Messages> {
  const key = `${catalog}:${locale}`
  let pending = loaded.get(key)
  if (!pending) {
    pending = importCatalog(catalog, locale).then((m) => m.messages)
    pending.catch(() => loaded.delete(key))
    loaded.set(key, pending)
  }
  return pending
}

/** The server renders every page: it holds all catalogues of a locale, merged once per process. */
const merged = new Map<Locale, Promise<Messages>>()

function loadEverything(locale: Locale): Promise<Messages> {
  let pending = merged.get(locale)
  if (!pending) {
    pending = Promise.all((Object.keys(FILE_OF) as Catalog[]).map((catalog) => loadCatalog(catalog, locale))).then(
      (parts) => Object.assign({}, ...parts) as Messages,
    )
    pending.catch(() => merged.delete(locale))
    merged.set(locale, pending)
  }
  return pending
}

/** Per i18n instance: the back-office areas the page uses, and the catalogues already merged in. */
const areasOf = new WeakMap<I18n, Set<MessageArea>>()
const mergedInto = new WeakMap<I18n, Set<string>>()

function setOf<T>(map: WeakMap<I18n, Set<T>>, i18n: I18n): Set<T> {
  let set = map.get(i18n)
  if (!set) map.set(i18n, (set = new Set()))
  return set
}

/** Merges the locale's catalogues the browser still lacks (the storefront's and the areas' in use). */
async function loadInto(i18n: I18n, locale: Locale): Promise<void> {
  const done = setOf(mergedInto, i18n)
  if (isServer) {
    if (done.has(locale)) return
    i18n.load(locale, await loadEverything(locale))
    done.add(locale)
    return
  }
  const wanted: Catalog[] = ['storefront', ...setOf(areasOf, i18n)]
  const missing = wanted.filter((catalog) => !done.has(`${catalog}:${locale}`))
  if (missing.length === 0) return
  const parts = await Promise.all(missing.map((catalog) => loadCatalog(catalog, locale)))
  // One load (one 'change' event) for all parts; load() merges into what the locale already has.
  i18n.load(locale, Object.assign({}, ...parts) as Messages)
  for (const catalog of missing) done.add(`${catalog}:${locale}`)
}

export function createI18n(): I18n {
  return setupI18n()
}

/** Loads the locale's catalogues (once per instance) and makes it active. */
export async function activateLocale(i18n: I18n, locale: string): Promise<Locale> {
  const target: Locale = isLocale(locale) ? locale : DEFAULT_LOCALE
  watchMissingMessages(i18n, { dev: import.meta.env.DEV, warn: (text) => clientLog.warn(text) })
  try {
    await loadInto(i18n, target)
  } catch (error) {
    // SPEC §8: locale loading failures are logged, not shown to the user.
    clientLog.error(`Failed locale loading: ${target}`, error)
  }
  i18n.activate(target)
  return target
}

/**
 * A back-office area's layout calls this in its `beforeLoad`: from then on the area's catalogue is
 * loaded with the active locale, and with every locale activated later. The server already holds
 * every catalogue and only notes the area, so the browser loads it before hydrating
 * ({@link messageAreasOf}, {@link loadMessageAreas}).
 */
export async function openMessageArea(i18n: I18n, area: MessageArea): Promise<void> {
  setOf(areasOf, i18n).add(area)
  if (isServer || !isLocale(i18n.locale)) return
  try {
    await loadInto(i18n, i18n.locale)
  } catch (error) {
    clientLog.error(`Failed locale loading: ${i18n.locale} (${area})`, error)
  }
}

/** The areas a server render used: sent with the page's dehydrated state. */
export function messageAreasOf(i18n: I18n): MessageArea[] {
  return [...(areasOf.get(i18n) ?? [])]
}

/** Before hydrating: the areas the server's render used, for the locale already active. */
export async function loadMessageAreas(i18n: I18n, areas: readonly MessageArea[] | undefined): Promise<void> {
  await Promise.all((areas ?? []).map((area) => openMessageArea(i18n, area)))
}
