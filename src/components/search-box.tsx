import { useLingui } from '@lingui/react/macro'
import { useRef, useState, type ComponentType } from 'react'
import { Search } from '~/components/icons/search'
import { X } from '~/components/icons/x'
import { openMessageArea } from '~/modules/i18n/i18n'
import { useLocalePrefix } from '~/modules/i18n/use-locale-prefix'
import type { SearchComboboxProps } from '~/modules/search/components/search-combobox'

let loading: Promise<ComponentType<SearchComboboxProps>> | undefined

/** The combobox and the search area's messages, fetched once (a failed fetch is tried again). */
function loadCombobox(i18n: Parameters<typeof openMessageArea>[0]) {
  loading ??= Promise.all([
    import('~/modules/search/components/search-combobox'),
    openMessageArea(i18n, 'search'),
  ]).then(
    ([m]) => m.SearchCombobox,
    (error: unknown) => {
      loading = undefined
      throw error
    },
  )
  return loading
}

/**
 * The header's game search (ADR 124). What every page loads is this plain field in a GET form to
 * the results page (it works before hydration and without the combobox); pointing at it or
 * focusing it fetches the combobox, which takes its place with the text and the focus. On narrow
 * screens a button opens the field in a row under the header.
 */
export function SearchBox() {
  const { t, i18n } = useLingui()
  const prefix = useLocalePrefix()
  const field = useRef<HTMLInputElement>(null)
  const toggle = useRef<HTMLButtonElement>(null)
  const [Combobox, setCombobox] = useState<ComponentType<SearchComboboxProps>>()
  // What the plain field held when the combobox replaced it, and each request for the focus.
  const [initialQuery, setInitialQuery] = useState('')
  const [focusRequest, setFocusRequest] = useState(0)
  const [expanded, setExpanded] = useState(false)
  const load = (thenFocus: boolean) => {
    loadCombobox(i18n).then(
      (c) => {
        const input = field.current
        if (input) setInitialQuery(input.value)
        if (thenFocus || (input && document.activeElement === input)) setFocusRequest((n) => n + 1)
        setCombobox(() => c)
      },
      () => undefined, // the plain field still searches by submitting
    )
  }
  const label = t`Search games`
  const open = () => {
    setExpanded(true)
    load(true)
    // On a plain field that is already there: focus it at once (the combobox focuses itself).
    requestAnimationFrame(() => field.current?.focus())
  }
  return (
    <>
      <button
        ref={toggle}
        type="button"
        aria-label={label}
        title={label}
        aria-expanded={expanded}
        data-testid="search-open"
        onClick={() => (expanded ? setExpanded(false) : open())}
        className="rounded-md p-1.5 hover:bg-brand-50 sm:hidden dark:hover:bg-white/5"
      >
        {expanded ? <X aria-hidden className="size-5" /> : <Search aria-hidden className="size-5" />}
      </button>
      <search
        className={`${expanded ? 'block' : 'hidden'} surface absolute inset-x-0 top-full border-b border-[var(--border)] p-2 sm:static sm:block sm:w-44 sm:border-0 sm:bg-transparent sm:p-0 lg:w-56`}
      >
        <form action={`${prefix ? `/${prefix}` : ''}/search`} data-testid="search-form">
          {Combobox ? (
            <Combobox
              label={label}
              initialQuery={initialQuery}
              focusRequest={focusRequest}
              onDismiss={() => {
                // The narrow screens' row closes; the focus goes back to the button that opened it.
                if (!expanded) return
                setExpanded(false)
                toggle.current?.focus()
              }}
            />
          ) : (
            <input
              ref={field}
              type="search"
              name="q"
              aria-label={label}
              placeholder={label}
              autoComplete="off"
              maxLength={100}
              onFocus={() => load(true)}
              onPointerEnter={() => load(false)}
              data-testid="search-input"
              className="w-full rounded-lg border border-[var(--border)] bg-[var(--surface)] px-3 py-1.5 text-sm"
            />
          )}
        </form>
      </search>
    </>
  )
}
