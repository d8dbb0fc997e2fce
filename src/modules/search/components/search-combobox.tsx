import { Plural, Trans, useLingui } from '@lingui/react/macro'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react'
import { isLocale } from '~/modules/i18n/locales'
import { useLocalePrefix } from '~/modules/i18n/use-locale-prefix'
import { searchQuery } from '~/modules/search/search.queries'
import { SEARCH_MAX_LENGTH, SUGGESTION_LIMIT } from '~/modules/search/search.constants'

export interface SearchComboboxProps {
  /** The field's accessible name and placeholder. */
  label: string
  /** What was typed in the plain field before this took its place. */
  initialQuery: string
  /** Takes the focus each time this grows (the field was focused, or the narrow screens' button opened it). */
  focusRequest: number
  /** Escape on an empty field: the narrow-screen row closes. */
  onDismiss: () => void
}

/** Suggestions are asked for once typing pauses this long. */
const DEBOUNCE_MS = 150

function useDebounced(value: string, ms: number): string {
  const [settled, setSettled] = useState(value)
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms)
    return () => clearTimeout(timer)
  }, [value, ms])
  return settled
}

/**
 * The header's search as a WAI-ARIA combobox with a listbox popup (APG "list autocomplete"): the
 * game's art and name as you type, ArrowDown/ArrowUp move through them (the focus stays in the
 * field: aria-activedescendant), Enter opens the chosen game or, with none chosen, the results
 * page; Escape closes the list, and a second Escape clears the field.
 */
export function SearchCombobox({ label, initialQuery, focusRequest, onDismiss }: SearchComboboxProps) {
  const { t, i18n } = useLingui()
  const prefix = useLocalePrefix()
  const locale = isLocale(i18n.locale) ? i18n.locale : 'en'
  const navigate = useNavigate()
  const id = useId()
  const listId = `${id}-list`
  const input = useRef<HTMLInputElement>(null)
  const [query, setQuery] = useState(initialQuery)
  const [open, setOpen] = useState(initialQuery.trim() !== '')
  const [active, setActive] = useState(-1)
  const q = useDebounced(query.trim(), DEBOUNCE_MS)
  const { data, isFetching, isError } = useQuery({
    ...searchQuery(q, locale, SUGGESTION_LIMIT),
    enabled: q !== '',
    placeholderData: keepPreviousData,
  })

  useEffect(() => {
    if (focusRequest === 0 || !input.current) return
    input.current.focus()
    const end = input.current.value.length
    input.current.setSelectionRange(end, end)
  }, [focusRequest])

  const hits = q !== '' && data ? data.hits : []
  // The answer for what is in the field now (not the previous query's, kept while the next loads).
  const settled = q === query.trim() && data?.q === q && !isFetching
  const optionId = (i: number) => `${id}-option-${i}`
  const shown = open && query.trim() !== ''

  const close = () => {
    setOpen(false)
    setActive(-1)
  }
  const openGame = (offerId: number) => {
    close()
    setQuery('')
    input.current?.blur()
    onDismiss()
    void navigate({ to: '/{-$locale}/offer/$id', params: { locale: prefix, id: String(offerId) } })
  }
  const openResults = () => {
    const text = query.trim()
    if (!text) return
    close()
    onDismiss()
    void navigate({ to: '/{-$locale}/search', params: { locale: prefix }, search: { q: text } })
  }

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const count = hits.length
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault()
        if (!open) setOpen(true)
        if (count > 0) setActive((a) => (a + 1) % count)
        break
      case 'ArrowUp':
        event.preventDefault()
        if (!open) setOpen(true)
        if (count > 0) setActive((a) => (a <= 0 ? count - 1 : a - 1))
        break
      case 'Enter': {
        event.preventDefault()
        const hit = shown ? hits[active] : undefined
        if (hit) openGame(hit.offerId)
        else openResults()
        break
      }
      case 'Escape':
        event.preventDefault()
        if (shown) close()
        else if (query) setQuery('')
        else onDismiss()
        break
      default:
    }
  }

  let status: ReactNode = null
  if (shown && hits.length === 0) {
    if (isError) status = <Trans>Search is unavailable right now. Try again in a moment.</Trans>
    else if (!settled) status = <Trans>Searching…</Trans>
    else status = <Trans>No games match “{q}”.</Trans>
  }

  return (
    <div className="relative">
      <input
        ref={input}
        type="search"
        name="q"
        role="combobox"
        aria-label={label}
        aria-autocomplete="list"
        aria-expanded={shown && hits.length > 0}
        aria-controls={listId}
        aria-activedescendant={shown && active >= 0 && active < hits.length ? optionId(active) : undefined}
        aria-busy={shown && !settled}
        placeholder={label}
        autoComplete="off"
        spellCheck={false}
        maxLength={SEARCH_MAX_LENGTH}
        value={query}
        onChange={(e) => {
          setQuery(e.target.value)
          setOpen(true)
          setActive(-1)
        }}
        onKeyDown={onKeyDown}
        onBlur={close}
        onClick={() => setOpen(true)}
        data-testid="search-input"
        className="w-full rounded-lg border border-[var(--border)] bg-[var(--surface)] px-3 py-1.5 text-sm"
      />
      <div
        className={`${shown ? '' : 'hidden'} surface absolute inset-x-0 top-full z-40 mt-1 overflow-hidden rounded-lg shadow-lg sm:left-auto sm:w-80`}
      >
        <div
          id={listId}
          // oxlint-disable-next-line jsx-a11y/prefer-tag-over-role -- a combobox's popup (APG): a <select> cannot show art
          role="listbox"
          tabIndex={-1}
          aria-label={t`Suggested games`}
          data-testid="search-suggestions"
          // Keeps the focus in the field while an option is clicked.
          onMouseDown={(e) => e.preventDefault()}
        >
          {shown
            ? hits.map((hit, i) => (
                // oxlint-disable-next-line jsx-a11y/click-events-have-key-events -- the combobox's field handles the keys (APG)
                <div
                  key={hit.slug}
                  id={optionId(i)}
                  // oxlint-disable-next-line jsx-a11y/prefer-tag-over-role -- an option of the listbox above
                  role="option"
                  tabIndex={-1}
                  aria-selected={i === active}
                  data-testid="search-option"
                  onClick={() => openGame(hit.offerId)}
                  onMouseMove={() => setActive(i)}
                  className="flex cursor-pointer items-center gap-3 px-3 py-2 aria-selected:bg-brand-600 aria-selected:text-white"
                >
                  <img
                    src={hit.cover}
                    alt=""
                    width={48}
                    height={32}
                    className="h-8 w-12 shrink-0 rounded object-cover"
                  />
                  <span className="min-w-0">
                    <span className="block truncate text-sm font-semibold">{hit.name}</span>
                    {hit.matched ? <span className="block truncate text-xs opacity-80">{hit.matched}</span> : null}
                  </span>
                </div>
              ))
            : null}
        </div>
        {status ? (
          <p className="text-muted px-3 py-2 text-sm" data-testid="search-status">
            {status}
          </p>
        ) : null}
        {shown && hits.length > 0 && data && data.total > hits.length ? (
          <button
            type="button"
            tabIndex={-1}
            onClick={openResults}
            className="text-link block w-full border-t border-[var(--border)] px-3 py-2 text-left text-sm"
          >
            <Plural value={data.total} one="See the one result" other="See all # results" />
          </button>
        ) : null}
      </div>
      <output className="sr-only">
        {shown && settled ? (
          hits.length > 0 ? (
            <Plural
              value={hits.length}
              one="# suggestion. Use the up and down arrows to choose it."
              other="# suggestions. Use the up and down arrows to choose one."
            />
          ) : (
            <Trans>No games match “{q}”.</Trans>
          )
        ) : null}
      </output>
    </div>
  )
}
