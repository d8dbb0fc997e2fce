/**
 * Field rules of the content editors, shared by the screens (messages next to the fields before
 * anything is sent) and the server's use cases (which refuse the same input with the same codes).
 * Client-safe and hand-written: no schema library reaches the browser (ADR 041).
 */
import { CMS_SLUG } from './content.schemas'
import { isSitePath } from './redirects'
import { isAllowedShortLinkTarget } from './shortlinks'
import type { Locale } from '~/modules/i18n/locales'

/** A refused field: its path ("path", "translations.de.title") and an issue code the UI words. */
export interface FieldIssue {
  path: string
  message: string
}

/** Same rule as the short_links_alias CHECK: segments of letters, digits, '_' and '-'. */
export const SHORT_LINK_ALIAS = /^[A-Za-z0-9_-]+(\/[A-Za-z0-9_-]+)*$/

/** An image the shop serves itself ("/images/..."), or an https URL. */
export function isImageUrl(value: string): boolean {
  if (isSitePath(value)) return true
  try {
    return new URL(value).protocol === 'https:'
  } catch {
    return false
  }
}

interface TranslationText {
  locale: Locale
  title: string
  /** The HTML (article content, page body). */
  html: string
}

/**
 * English is required: the storefront falls back to it for every missing locale. Another locale
 * is either absent (blank title and text) or complete.
 */
function translationIssues(translations: TranslationText[], htmlField: string): FieldIssue[] {
  const issues: FieldIssue[] = []
  const en = translations.find((t) => t.locale === 'en')
  if (!en || (!en.title.trim() && !en.html.trim()))
    issues.push({ path: 'translations.en.title', message: 'en_required' })
  for (const t of translations) {
    const hasTitle = t.title.trim() !== ''
    const hasHtml = t.html.trim() !== ''
    if (!hasTitle && (hasHtml || t.locale === 'en')) {
      issues.push({ path: `translations.${t.locale}.title`, message: 'required' })
    }
    if (!hasHtml && (hasTitle || t.locale === 'en')) {
      issues.push({ path: `translations.${t.locale}.${htmlField}`, message: 'required' })
    }
  }
  return dedupe(issues)
}

function dedupe(issues: FieldIssue[]): FieldIssue[] {
  const seen = new Set<string>()
  return issues.filter((i) => !seen.has(i.path) && seen.add(i.path))
}

export function articleIssues(input: {
  path: string
  cover: string
  translations: { locale: Locale; title: string; content: string }[]
}): FieldIssue[] {
  const issues: FieldIssue[] = []
  if (!CMS_SLUG.test(input.path)) issues.push({ path: 'path', message: 'slug_format' })
  if (input.cover && !isImageUrl(input.cover)) issues.push({ path: 'cover', message: 'image_url' })
  return [
    ...issues,
    ...translationIssues(
      input.translations.map((t) => ({ locale: t.locale, title: t.title, html: t.content })),
      'content',
    ),
  ]
}

export function pageIssues(input: {
  slug: string
  translations: { locale: Locale; title: string; body: string }[]
}): FieldIssue[] {
  const issues: FieldIssue[] = []
  if (!CMS_SLUG.test(input.slug)) issues.push({ path: 'slug', message: 'slug_format' })
  return [
    ...issues,
    ...translationIssues(
      input.translations.map((t) => ({ locale: t.locale, title: t.title, html: t.body })),
      'body',
    ),
  ]
}

export function linkIssues(input: { title: string; image: string; url: string }): FieldIssue[] {
  const issues: FieldIssue[] = []
  if (!input.title.trim()) issues.push({ path: 'title', message: 'required' })
  if (!isImageUrl(input.image)) issues.push({ path: 'image', message: 'image_url' })
  // The same rule as short links: a site path, or https on an allowed host (no open redirect).
  if (!isAllowedShortLinkTarget(input.url)) issues.push({ path: 'url', message: 'target_not_allowed' })
  return issues
}

export function shortLinkIssues(input: { alias: string; target: string }): FieldIssue[] {
  const issues: FieldIssue[] = []
  if (!SHORT_LINK_ALIAS.test(input.alias)) issues.push({ path: 'alias', message: 'alias_format' })
  if (!isAllowedShortLinkTarget(input.target)) issues.push({ path: 'target', message: 'target_not_allowed' })
  return issues
}

/** The path part that the redirect lookup matches ("/a/?x=1" → "/a"). */
export function redirectKey(path: string): string {
  const bare = path.split(/[?#]/)[0] ?? ''
  return bare.length > 1 && bare.endsWith('/') ? bare.slice(0, -1) : bare
}

/** Redirects stay on the site: both sides are site paths; the source has no query and is not its own target. */
export function redirectIssues(input: { fromPath: string; toPath: string }): FieldIssue[] {
  const issues: FieldIssue[] = []
  if (!isSitePath(input.fromPath) || /[?#]/.test(input.fromPath)) {
    issues.push({ path: 'fromPath', message: 'site_path' })
  }
  if (!isSitePath(input.toPath)) issues.push({ path: 'toPath', message: 'external_target' })
  else if (redirectKey(input.toPath) === redirectKey(input.fromPath)) {
    issues.push({ path: 'toPath', message: 'redirect_loop' })
  }
  return issues
}
