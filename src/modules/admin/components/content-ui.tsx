import type { I18n, MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import type { ActionFailure } from '~/modules/errors/action-result'
import { actionErrorText } from '~/modules/errors/error-text'
import { useLocalePrefix } from '~/modules/i18n/use-locale-prefix'
import type { FieldIssue } from '~/modules/cms/content-rules'

/** The content area's sections; each is its own route so a link can open one directly. */
export function ContentTabs() {
  const locale = useLocalePrefix()
  const { t } = useLingui()
  const tab =
    'whitespace-nowrap rounded-md px-3 py-2 text-sm font-semibold hover:bg-brand-50 focus-visible:outline focus-visible:outline-2 focus-visible:outline-brand-600 dark:hover:bg-white/5 aria-[current=page]:bg-brand-600 aria-[current=page]:text-white'
  const tabs = [
    { to: '/{-$locale}/admin/content/articles', label: <Trans>Articles</Trans>, id: 'articles' },
    { to: '/{-$locale}/admin/content/pages', label: <Trans>Pages</Trans>, id: 'pages' },
    { to: '/{-$locale}/admin/content/links', label: <Trans>Home links</Trans>, id: 'links' },
    { to: '/{-$locale}/admin/content/navigation', label: <Trans>Navigation</Trans>, id: 'navigation' },
    { to: '/{-$locale}/admin/content/short-links', label: <Trans>Short links</Trans>, id: 'short-links' },
    { to: '/{-$locale}/admin/content/redirects', label: <Trans>Redirects</Trans>, id: 'redirects' },
  ] as const
  return (
    <nav aria-label={t`Content sections`} className="relative overflow-x-auto">
      <ul className="flex gap-1 border-b border-[var(--border)] pb-2">
        {tabs.map((item) => (
          <li key={item.id}>
            <Link to={item.to} params={{ locale }} className={tab} data-testid={`content-tab-${item.id}`}>
              {item.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  )
}

const FIELD_ISSUES: Record<string, MessageDescriptor> = {
  required: msg`This field is required.`,
  en_required: msg`English is required: the shop shows it wherever a translation is missing.`,
  slug_format: msg`Use lower-case letters and digits, words joined by single hyphens (e.g. spring-sale).`,
  alias_format: msg`Use letters, digits, "_" and "-", segments joined by "/" (e.g. guides/start).`,
  image_url: msg`Enter a site path (/images/…) or an https address.`,
  target_not_allowed: msg`Enter a site path (/offer/1) or an https address on an allowed host.`,
  site_path: msg`Enter a path on this site, starting with "/", without query.`,
  external_target: msg`A redirect must stay on this site: enter a path starting with "/".`,
  redirect_loop: msg`This would send visitors in a loop.`,
  redirect_chain: msg`This would chain two redirects: point straight at the final page instead.`,
  path_taken: msg`Another article already uses this path.`,
  slug_taken: msg`Another page already uses this slug.`,
  alias_taken: msg`Another short link already uses this alias.`,
  fromPath_taken: msg`This path already redirects.`,
  code_taken: msg`Another navigation item already uses this code.`,
  unknown_game: msg`This game does not exist any more.`,
  unknown_category: msg`No category has this code.`,
}

/** Issue codes the server finds only with the database, and the field each belongs to. */
const SERVER_ISSUE_FIELDS: Record<string, string> = {
  path_taken: 'path',
  slug_taken: 'slug',
  alias_taken: 'alias',
  fromPath_taken: 'fromPath',
  code_taken: 'code',
  unknown_game: 'gameId',
  unknown_category: 'code',
  redirect_loop: 'toPath',
  redirect_chain: 'toPath',
  target_not_allowed: 'target',
  external_target: 'toPath',
}

export function fieldIssueText(i18n: I18n, code: string): string {
  return i18n._(FIELD_ISSUES[code] ?? msg`Check this field.`)
}

/** Splits a refused save into messages next to fields and one message for the whole form. */
export function splitFailure(failure: ActionFailure): { fields: FieldIssue[]; form: ActionFailure | null } {
  const fields = failure.issues.flatMap((code) => {
    const path = SERVER_ISSUE_FIELDS[code]
    return path ? [{ path, message: code }] : []
  })
  return { fields, form: fields.length > 0 ? null : failure }
}

/** The message under a field; its id is what the input's aria-describedby names. */
export function FieldMessage({ id, issue }: { id: string; issue?: FieldIssue }) {
  const { i18n } = useLingui()
  if (!issue) return null
  return (
    <span id={id} className="text-danger text-xs font-normal" data-testid={`field-error-${issue.path}`}>
      {fieldIssueText(i18n, issue.message)}
    </span>
  )
}

/** The form-level refusal (a stale version, a server failure), announced as an alert. */
export function FormError({ failure }: { failure: ActionFailure | null }) {
  const { i18n } = useLingui()
  if (!failure) return null
  return (
    <p role="alert" className="text-danger text-sm font-semibold" data-testid="content-form-error">
      {actionErrorText(i18n, failure)}
    </p>
  )
}

export const inputClass = 'surface w-full rounded-lg px-3 py-2 text-sm font-normal aria-[invalid=true]:border-red-600'
export const labelClass = 'flex flex-col gap-1 text-sm font-semibold'
export const primaryButton =
  'rounded-lg bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700 disabled:opacity-50'
export const secondaryButton =
  'rounded-lg border border-[var(--border)] px-3 py-2 text-sm font-semibold disabled:opacity-50'

/** A labelled input with its message; `multiline` gives a textarea (HTML, summaries). */
export function Field({
  name,
  label,
  value,
  onChange,
  issue,
  multiline,
  rows = 4,
  placeholder,
  testId,
  mono,
  maxLength,
}: {
  name: string
  label: ReactNode
  value: string
  onChange: (value: string) => void
  issue?: FieldIssue
  multiline?: boolean
  rows?: number
  placeholder?: string
  testId?: string
  mono?: boolean
  /** The door's limit, so the browser stops typing where the server would refuse. */
  maxLength?: number
}) {
  const messageId = `${name}-message`
  const common = {
    name,
    value,
    placeholder,
    maxLength,
    'aria-invalid': issue ? true : undefined,
    'aria-describedby': issue ? messageId : undefined,
    'data-testid': testId ?? `field-${name}`,
    className: mono ? `${inputClass} font-mono` : inputClass,
  }
  return (
    <label className={labelClass}>
      {label}
      {multiline ? (
        <textarea {...common} rows={rows} onChange={(e) => onChange(e.target.value)} />
      ) : (
        <input {...common} onChange={(e) => onChange(e.target.value)} />
      )}
      <FieldMessage id={messageId} issue={issue} />
    </label>
  )
}

export const issueAt = (issues: FieldIssue[], path: string) => issues.find((i) => i.path === path)
