import { Trans, useLingui } from '@lingui/react/macro'
import { useQueryClient } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { useState, type FormEvent } from 'react'
import { PRODUCT_KINDS, type PlayerField, type ProductKind } from '~/modules/catalog/catalog.schemas'
import { LOCALES, type Locale } from '~/modules/i18n/locales'
import { useLocalePrefix } from '~/modules/i18n/use-locale-prefix'
import { adminGameQuery } from '~/modules/catalog/catalog-edit.queries'
import { adminSaveGameFn } from '~/modules/catalog/catalog-edit.functions'
import {
  gameInputSchema,
  type AdminGameView,
  type CatalogOptions,
  type GameInput,
  type LocaleTexts,
} from '~/modules/catalog/catalog-edit.schemas'
import { KIND_LABELS, LANGUAGE_NAMES, invalidFormText, refusalText, type SaveState } from './catalog-labels'
import { fieldErrorText, refusalFieldErrors, validate, type FieldErrors } from './field-errors'
import { CheckboxField, SaveStatus, SelectField, TextField, buttonClass, primaryButtonClass } from './form-fields'
import { useLoadedForm } from './use-loaded-form'
import { useStaffCalls } from '~/modules/admin/use-staff-action'

interface PlayerFieldForm {
  key: string
  required: boolean
  pattern: string
  example: string
  /** One choice per line: "value = label". */
  options: string
}

interface GameForm {
  slug: string
  categoryId: string
  kind: ProductKind
  cover: string
  publisher: string
  sort: string
  hot: boolean
  active: boolean
  playerFields: PlayerFieldForm[]
  texts: LocaleTexts
  /** Search aliases, separated by commas. */
  aliases: string
}

const emptyTexts = () => Object.fromEntries(LOCALES.map((l) => [l, { name: '', description: '' }])) as LocaleTexts

const NEW_GAME = { version: 'new' }

function toForm(game: AdminGameView | typeof NEW_GAME): GameForm {
  if (!('id' in game)) {
    return {
      slug: '',
      categoryId: '',
      kind: 'topup',
      cover: '',
      publisher: '',
      sort: '0',
      hot: false,
      active: true,
      playerFields: [{ key: 'playerId', required: true, pattern: '^\\d{6,12}$', example: '', options: '' }],
      texts: emptyTexts(),
      aliases: '',
    }
  }
  return {
    slug: game.slug,
    categoryId: String(game.categoryId),
    kind: game.kind,
    cover: game.cover,
    publisher: game.publisher,
    sort: String(game.sort),
    hot: game.hot,
    active: game.active,
    playerFields: game.playerFields.map((f) => ({
      key: f.key,
      required: f.required,
      pattern: f.pattern ?? '',
      example: f.example ?? '',
      options: (f.options ?? []).map((o) => `${o.value} = ${o.label}`).join('\n'),
    })),
    texts: game.texts,
    aliases: game.aliases.join(', '),
  }
}

/** Whole numbers typed as text; anything else reaches the schema as NaN and gets its message. */
export const intOf = (text: string) => (/^-?\d+$/.test(text.trim()) ? Number(text) : Number.NaN)

function toInput(form: GameForm, loaded?: { id: number; version: string }): GameInput {
  const playerFields: PlayerField[] = form.playerFields.map((f) => {
    const options = f.options
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean)
      .map((line) => {
        const [value = '', ...label] = line.split('=')
        return { value: value.trim(), label: label.join('=').trim() || value.trim() }
      })
    return {
      key: f.key.trim(),
      required: f.required,
      ...(f.pattern ? { pattern: f.pattern } : {}),
      ...(f.example ? { example: f.example } : {}),
      ...(options.length > 0 ? { options } : {}),
    }
  })
  return {
    ...loaded,
    slug: form.slug,
    categoryId: form.categoryId ? Number(form.categoryId) : Number.NaN,
    kind: form.kind,
    cover: form.cover,
    publisher: form.publisher,
    sort: intOf(form.sort),
    hot: form.hot,
    active: form.active,
    playerFields: form.kind === 'currency' ? playerFields.filter((f) => f.key) : playerFields,
    texts: form.texts,
    aliases: form.aliases
      .split(',')
      .map((a) => a.trim())
      .filter(Boolean),
  }
}

/**
 * The game's own fields and its shopper texts in six languages side by side (a missing one is
 * marked). Without `game` it creates one and opens its page.
 */
export function GameEditor({ game, options }: { game?: AdminGameView; options: CatalogOptions }) {
  const { t, i18n } = useLingui()
  const locale = useLocalePrefix()
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const { form, version, setForm } = useLoadedForm<AdminGameView | typeof NEW_GAME, GameForm>(game ?? NEW_GAME, toForm)
  const [errors, setErrors] = useState<FieldErrors>({})
  const [status, setStatus] = useState<SaveState>()
  const saving = useStaffCalls({ invalidate: false })
  const busy = saving.pending
  const set = <K extends keyof GameForm>(key: K, value: GameForm[K]) => setForm((f) => ({ ...f, [key]: value }))
  const setText = (l: Locale, key: 'name' | 'description', value: string) =>
    setForm((f) => ({ ...f, texts: { ...f.texts, [l]: { ...f.texts[l], [key]: value } } }))
  const setPlayerField = (i: number, patch: Partial<PlayerFieldForm>) =>
    setForm((f) => ({ ...f, playerFields: f.playerFields.map((p, j) => (j === i ? { ...p, ...patch } : p)) }))

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    const checked = validate(gameInputSchema, toInput(form, game ? { id: game.id, version } : undefined))
    if (!checked.ok) {
      setErrors(checked.errors)
      setStatus(invalidFormText(i18n))
      return
    }
    setErrors({})
    const result = (await saving.run(() => adminSaveGameFn({ data: checked.data })))!
    if (!result.ok) {
      const fieldErrors = refusalFieldErrors(result.issues)
      setErrors(fieldErrors)
      setStatus(Object.keys(fieldErrors).length > 0 ? invalidFormText(i18n) : refusalText(i18n, result))
      return
    }
    queryClient.setQueryData(adminGameQuery(result.data.id).queryKey, result.data)
    await queryClient.invalidateQueries({ queryKey: ['admin', 'games'] })
    if (!game) {
      await navigate({ to: '/{-$locale}/admin/catalog/$gameId', params: { locale, gameId: String(result.data.id) } })
      return
    }
    setStatus({ ok: true, text: t`Saved.` })
  }

  const reload = async () => {
    setStatus(undefined)
    setErrors({})
    if (game) await queryClient.invalidateQueries({ queryKey: adminGameQuery(game.id).queryKey })
  }

  const coverListId = 'admin-cover-choices'
  return (
    <form onSubmit={submit} noValidate className="surface space-y-6 rounded-2xl p-4" aria-label={t`Game details`}>
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
        <TextField label={<Trans>Slug</Trans>} value={form.slug} onChange={(v) => set('slug', v)} error={errors.slug} />
        <SelectField
          label={<Trans>Category</Trans>}
          value={form.categoryId}
          onChange={(v) => set('categoryId', v)}
          error={errors.categoryId}
          options={[
            { value: '', label: t`Choose a category` },
            ...options.categories.map((c) => ({ value: String(c.id), label: c.name })),
          ]}
        />
        <SelectField
          label={<Trans>Kind</Trans>}
          value={form.kind}
          onChange={(v) => set('kind', v as ProductKind)}
          error={errors.kind}
          options={PRODUCT_KINDS.map((k) => ({ value: k, label: i18n._(KIND_LABELS[k]) }))}
        />
        <TextField
          label={<Trans>Cover</Trans>}
          value={form.cover}
          onChange={(v) => set('cover', v)}
          error={errors.cover}
          list={coverListId}
          placeholder="/images/games/…"
          hint={<Trans>Choose one of the shop's images or type a path under /images/.</Trans>}
        />
        <datalist id={coverListId}>
          {options.covers.map((c) => (
            <option key={c} value={c}>
              {c}
            </option>
          ))}
        </datalist>
        <TextField
          label={<Trans>Publisher</Trans>}
          value={form.publisher}
          onChange={(v) => set('publisher', v)}
          error={errors.publisher}
        />
        <TextField
          label={<Trans>Sort</Trans>}
          value={form.sort}
          onChange={(v) => set('sort', v)}
          error={errors.sort}
          inputMode="numeric"
        />
      </div>
      <TextField
        label={<Trans>Search aliases</Trans>}
        value={form.aliases}
        onChange={(v) => set('aliases', v)}
        error={Object.entries(errors).find(([k]) => k === 'aliases' || k.startsWith('aliases.'))?.[1]}
        hint={<Trans>Other names shoppers search for, separated by commas (e.g. mlbb, ml).</Trans>}
      />
      <div className="flex flex-wrap gap-6">
        <CheckboxField label={<Trans>Hot</Trans>} checked={form.hot} onChange={(v) => set('hot', v)} />
        <CheckboxField label={<Trans>Active</Trans>} checked={form.active} onChange={(v) => set('active', v)} />
      </div>

      <fieldset className="space-y-3">
        <legend className="font-bold">
          <Trans>Texts for shoppers</Trans>
        </legend>
        <div className="grid grid-cols-1 gap-4 md:grid-cols-2 xl:grid-cols-3">
          {LOCALES.map((l) => (
            <div key={l} className="space-y-2 rounded-xl border border-[var(--border)] p-3" lang={l}>
              <TextField
                label={<Trans>Name ({i18n._(LANGUAGE_NAMES[l])})</Trans>}
                value={form.texts[l].name}
                onChange={(v) => setText(l, 'name', v)}
                error={errors[`texts.${l}.name`]}
                missing={!form.texts[l].name.trim()}
              />
              <TextField
                label={<Trans>Description ({i18n._(LANGUAGE_NAMES[l])})</Trans>}
                value={form.texts[l].description}
                onChange={(v) => setText(l, 'description', v)}
                error={errors[`texts.${l}.description`]}
                missing={!form.texts[l].description.trim()}
                multiline
              />
            </div>
          ))}
        </div>
      </fieldset>

      {form.kind === 'topup' || form.playerFields.length > 0 ? (
        <fieldset className="space-y-3">
          <legend className="font-bold">
            <Trans>Player fields</Trans>
          </legend>
          {errors.playerFields ? (
            <p className="text-danger text-sm" role="alert">
              {fieldErrorText(i18n, errors.playerFields)}
            </p>
          ) : null}
          {form.playerFields.map((f, i) => (
            <div
              key={i}
              className="grid grid-cols-1 gap-3 rounded-xl border border-[var(--border)] p-3 sm:grid-cols-2 lg:grid-cols-4"
            >
              <TextField
                label={<Trans>Field key</Trans>}
                value={f.key}
                onChange={(v) => setPlayerField(i, { key: v })}
                error={errors[`playerFields.${i}.key`]}
              />
              <TextField
                label={<Trans>Pattern (regular expression)</Trans>}
                value={f.pattern}
                onChange={(v) => setPlayerField(i, { pattern: v })}
                error={errors[`playerFields.${i}.pattern`]}
              />
              <TextField
                label={<Trans>Example</Trans>}
                value={f.example}
                onChange={(v) => setPlayerField(i, { example: v })}
                error={errors[`playerFields.${i}.example`]}
              />
              <TextField
                label={<Trans>Choices (one per line: value = label)</Trans>}
                value={f.options}
                onChange={(v) => setPlayerField(i, { options: v })}
                error={Object.entries(errors).find(([k]) => k.startsWith(`playerFields.${i}.options`))?.[1]}
                multiline
              />
              <div className="flex flex-wrap items-center gap-4 sm:col-span-2 lg:col-span-4">
                <CheckboxField
                  label={<Trans>Required</Trans>}
                  checked={f.required}
                  onChange={(v) => setPlayerField(i, { required: v })}
                />
                <button
                  type="button"
                  className={buttonClass}
                  onClick={() => setForm((g) => ({ ...g, playerFields: g.playerFields.filter((_, j) => j !== i) }))}
                >
                  <Trans>Remove field {f.key}</Trans>
                </button>
              </div>
            </div>
          ))}
          <button
            type="button"
            className={buttonClass}
            onClick={() =>
              setForm((g) => ({
                ...g,
                playerFields: [...g.playerFields, { key: '', required: true, pattern: '', example: '', options: '' }],
              }))
            }
          >
            <Trans>Add player field</Trans>
          </button>
        </fieldset>
      ) : null}

      <SaveStatus status={status} onReload={() => void reload()} />
      <button type="submit" disabled={busy} className={primaryButtonClass}>
        {game ? <Trans>Save</Trans> : <Trans>Create game</Trans>}
      </button>
    </form>
  )
}
