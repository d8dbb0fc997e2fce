/**
 * Field rules of the navigation editor, shared by the screen (messages next to the fields before
 * anything is sent) and the use case (which refuses the same input with the same codes).
 * Client-safe and hand-written, like cms/content-rules.ts. A URL item follows the short-link rule
 * (a site path, or https on an allowed host), so the menu never becomes an open redirect.
 */
import { CMS_SLUG } from '~/modules/cms/content.schemas'
import { isSitePath } from '~/modules/cms/redirects'
import { isAllowedShortLinkTarget } from '~/modules/cms/shortlinks'
import type { ErrorIssue } from '~/modules/errors/app-error'

export function navigationIssues(input: {
  name: string
  type: 'url' | 'category'
  url: string
  code: string
}): ErrorIssue[] {
  const issues: ErrorIssue[] = []
  if (!input.name.trim()) issues.push({ path: 'name', message: 'required' })
  if (!CMS_SLUG.test(input.code)) issues.push({ path: 'code', message: 'slug_format' })
  // The shop always appends its own News entry with this code (SPEC §2).
  else if (input.code === 'news') issues.push({ path: 'code', message: 'code_taken' })
  if (input.type === 'url' && !isAllowedShortLinkTarget(input.url)) {
    issues.push({ path: 'url', message: 'target_not_allowed' })
  }
  if (input.type === 'category' && input.url && !isSitePath(input.url)) {
    issues.push({ path: 'url', message: 'site_path' })
  }
  return issues
}
