import { Trans, useLingui } from '@lingui/react/macro'
import { useQueryClient } from '@tanstack/react-query'
import { useState, type FormEvent } from 'react'
import { CURRENCIES, toDecimalString, type Currency } from '~/modules/catalog/money'
import { LOCALES, type Locale } from '~/modules/i18n/locales'
import { adminGameQuery } from '~/modules/catalog/catalog-edit.queries'
import { adminSaveSkuFn } from '~/modules/catalog/catalog-edit.functions'
import { skuInputSchema, type AdminSkuView, type SkuInput } from '~/modules/catalog/catalog-edit.schemas'
import { LANGUAGE_NAMES, invalidFormText, refusalText, type SaveState } from './catalog-labels'
import { refusalFieldErrors, validate, type FieldErrors } from './field-errors'
import { CodeImport } from './code-import'
import { CheckboxField, SaveStatus, TextField, buttonClass, primaryButtonClass } from './form-fields'
import { intOf } from './game-editor'
import { useLoadedForm } from './use-loaded-form'
import { useStaffCalls } from '~/modules/admin/use-staff-action'

interface SkuForm {
  code: string
  quantity: string
  sort: string
  active: boolean
  /** Per-locale names; English is also the SKU's own name (the shop's fallback). */
  names: Record<Locale, string>
  /** Decimals in the currency's units; an empty price means "not sold in this currency". */
  prices: Record<Currency, { amount: string; list: string }>
}

const NEW_SKU = { version: 'new' }

function toForm(sku: AdminSkuView | typeof NEW_SKU): SkuForm {
  const prices = Object.fromEntries(
    CURRENCIES.map((c) => {
      const p = 'id' in sku ? sku.prices[c] : undefined
      return [
        c,
        {
          amount: p ? toDecimalString(p.amountMinor, c) : '',
          list: p?.listMinor ? toDecimalString(p.listMinor, c) : '',
        },
      ]
    }),
  ) as SkuForm['prices']
  if (!('id' in sku)) {
    const names = Object.fromEntries(LOCALES.map((l) => [l, ''])) as Record<Locale, string>
    return { code: '', quantity: '', sort: '0', active: true, names, prices }
  }
  return {
    code: sku.code,
    quantity: String(sku.quantity),
    sort: String(sku.sort),
    active: sku.active,
    names: { ...sku.names, en: sku.names.en || sku.name },
    prices,
  }
}

/** The priced currencies in CURRENCIES order: the schema's `prices.N` paths index this list. */
function pricedCurrencies(form: SkuForm): Currency[] {
  return CURRENCIES.filter((c) => form.prices[c].amount.trim() || form.prices[c].list.trim())
}

function toInput(form: SkuForm, offerId: number, loaded?: { id: number; version: string }): SkuInput {
  return {
    ...loaded,
    offerId,
    code: form.code.trim().toUpperCase(),
    name: form.names.en,
    quantity: intOf(form.quantity),
    sort: intOf(form.sort),
    active: form.active,
    names: form.names,
    prices: pricedCurrencies(form).map((c) => ({ currency: c, ...form.prices[c] })),
  }
}

/** One SKU (or a new one): code, quantity, order, names side by side, and a price per currency. */
export function SkuEditor({
  gameId,
  offerId,
  sku,
  onDone,
}: {
  gameId: number
  offerId: number
  sku?: AdminSkuView
  /** A new SKU's form closes once it is created (or cancelled). */
  onDone?: () => void
}) {
  const { t, i18n } = useLingui()
  const queryClient = useQueryClient()
  const { form, version, setForm } = useLoadedForm<AdminSkuView | typeof NEW_SKU, SkuForm>(sku ?? NEW_SKU, toForm)
  const [errors, setErrors] = useState<FieldErrors>({})
  const [status, setStatus] = useState<SaveState>()
  const saving = useStaffCalls({ invalidate: false })
  const busy = saving.pending
  const setName = (l: Locale, v: string) => setForm((f) => ({ ...f, names: { ...f.names, [l]: v } }))
  const setPrice = (c: Currency, key: 'amount' | 'list', v: string) =>
    setForm((f) => ({ ...f, prices: { ...f.prices, [c]: { ...f.prices[c], [key]: v } } }))

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    const checked = validate(skuInputSchema, toInput(form, offerId, sku ? { id: sku.id, version } : undefined))
    if (!checked.ok) {
      // Price issues come as prices.N.field: give them back their currency.
      const priced = pricedCurrencies(form)
      const named: FieldErrors = {}
      for (const [path, code] of Object.entries(checked.errors)) {
        const m = /^prices\.(\d+)\.(\w+)$/.exec(path)
        named[m ? `${priced[Number(m[1])]}.${m[2]}` : path === 'name' ? 'names.en' : path] = code
      }
      setErrors(named)
      setStatus(invalidFormText(i18n))
      return
    }
    setErrors({})
    const result = (await saving.run(() => adminSaveSkuFn({ data: checked.data })))!
    if (!result.ok) {
      const fieldErrors = refusalFieldErrors(result.issues)
      setErrors(fieldErrors)
      setStatus(Object.keys(fieldErrors).length > 0 ? invalidFormText(i18n) : refusalText(i18n, result))
      return
    }
    queryClient.setQueryData(adminGameQuery(gameId).queryKey, (game) =>
      game ? { ...game, offers: result.data } : game,
    )
    if (onDone) onDone()
    else setStatus({ ok: true, text: t`Saved.` })
  }
  const reload = async () => {
    setStatus(undefined)
    setErrors({})
    await queryClient.invalidateQueries({ queryKey: adminGameQuery(gameId).queryKey })
  }

  const title = sku ? t`SKU ${sku.code}` : t`New SKU`
  return (
    <>
      <form
        onSubmit={submit}
        noValidate
        aria-label={title}
        className="space-y-4 rounded-xl border border-[var(--border)] p-3"
        data-testid="sku-editor"
        data-sku-code={sku?.code ?? ''}
      >
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h4 className="font-bold">{title}</h4>
          {sku && sku.freeCodes !== null ? (
            <span className="text-muted text-sm">
              <Trans>Codes in stock: {sku.freeCodes}</Trans>
            </span>
          ) : null}
        </div>
        <div className="grid grid-cols-1 gap-3 sm:grid-cols-3">
          <TextField
            label={<Trans>Code</Trans>}
            value={form.code}
            onChange={(v) => setForm((f) => ({ ...f, code: v }))}
            error={errors.code}
          />
          <TextField
            label={<Trans>Quantity</Trans>}
            value={form.quantity}
            onChange={(v) => setForm((f) => ({ ...f, quantity: v }))}
            error={errors.quantity}
            inputMode="numeric"
          />
          <TextField
            label={<Trans>Sort</Trans>}
            value={form.sort}
            onChange={(v) => setForm((f) => ({ ...f, sort: v }))}
            error={errors.sort}
            inputMode="numeric"
          />
        </div>
        <CheckboxField
          label={<Trans>Active</Trans>}
          checked={form.active}
          onChange={(v) => setForm((f) => ({ ...f, active: v }))}
        />
        <fieldset>
          <legend className="mb-2 text-sm font-bold">
            <Trans>Names</Trans>
          </legend>
          <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3">
            {LOCALES.map((l) => (
              <div key={l} lang={l}>
                <TextField
                  label={<Trans>Name ({i18n._(LANGUAGE_NAMES[l])})</Trans>}
                  value={form.names[l]}
                  onChange={(v) => setName(l, v)}
                  error={errors[`names.${l}`]}
                  missing={!form.names[l].trim()}
                />
              </div>
            ))}
          </div>
        </fieldset>
        <fieldset>
          <legend className="mb-2 text-sm font-bold">
            <Trans>Prices</Trans>
          </legend>
          <div className="grid grid-cols-1 gap-3 md:grid-cols-2">
            {CURRENCIES.map((c) => (
              <div key={c} className="flex flex-wrap items-start gap-2" data-testid={`price-${c}`}>
                <div className="min-w-32 flex-1">
                  <TextField
                    label={<Trans>Price {c}</Trans>}
                    value={form.prices[c].amount}
                    onChange={(v) => setPrice(c, 'amount', v)}
                    error={errors[`${c}.amount`]}
                    inputMode="decimal"
                    hint={form.prices[c].amount ? undefined : <Trans>Not sold in {c}</Trans>}
                  />
                </div>
                <div className="min-w-32 flex-1">
                  <TextField
                    label={<Trans>Was price {c}</Trans>}
                    value={form.prices[c].list}
                    onChange={(v) => setPrice(c, 'list', v)}
                    error={errors[`${c}.list`]}
                    inputMode="decimal"
                  />
                </div>
                {form.prices[c].amount || form.prices[c].list ? (
                  <button
                    type="button"
                    className={`${buttonClass} mt-6`}
                    onClick={() => setForm((f) => ({ ...f, prices: { ...f.prices, [c]: { amount: '', list: '' } } }))}
                  >
                    <Trans>Remove {c} price</Trans>
                  </button>
                ) : null}
              </div>
            ))}
          </div>
        </fieldset>
        <SaveStatus status={status} onReload={() => void reload()} />
        <div className="flex flex-wrap gap-2">
          <button type="submit" disabled={busy} className={primaryButtonClass}>
            <Trans>Save</Trans>
          </button>
          {onDone ? (
            <button type="button" className={buttonClass} onClick={onDone}>
              <Trans>Cancel</Trans>
            </button>
          ) : null}
        </div>
      </form>
      {sku && sku.freeCodes !== null ? <CodeImport skuId={sku.id} skuCode={sku.code} gameId={gameId} /> : null}
    </>
  )
}
