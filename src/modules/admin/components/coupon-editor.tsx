import { Trans, useLingui } from '@lingui/react/macro'
import { useQueryClient, useSuspenseQuery } from '@tanstack/react-query'
import { Link, useNavigate } from '@tanstack/react-router'
import { useState, type FormEvent } from 'react'
import { CURRENCIES, toDecimalString, type Currency } from '~/modules/catalog/money'
import { useLocalePrefix } from '~/modules/i18n/use-locale-prefix'
import { adminCatalogOptionsQuery } from '~/modules/catalog/catalog-edit.queries'
import { adminCouponQuery } from '~/modules/coupons/coupon-edit.queries'
import { adminSaveCouponFn, adminSetCouponActiveFn } from '~/modules/coupons/coupon-edit.functions'
import { couponInputSchema, type AdminCouponView, type CouponInput } from '~/modules/coupons/coupon-edit.schemas'
import { invalidFormText, refusalText, type SaveState } from './catalog-labels'
import { refusalFieldErrors, validate, type FieldErrors } from './field-errors'
import { CheckboxField, SaveStatus, SelectField, TextField, buttonClass, primaryButtonClass } from './form-fields'
import { intOf } from './game-editor'
import { useLoadedForm } from './use-loaded-form'
import { useStaffCalls } from '~/modules/admin/use-staff-action'

interface CouponForm {
  code: string
  kind: 'percent' | 'fixed'
  percent: string
  amounts: Record<Currency, string>
  minSpend: Record<Currency, string>
  /** datetime-local values, in the admin's own time zone. */
  startsAt: string
  endsAt: string
  usageLimit: string
  perCustomerLimit: string
  stackable: boolean
  gameIds: number[]
  categoryIds: number[]
  listed: boolean
  active: boolean
}

const NEW_COUPON = { version: 'new' }

/** ISO instant → "2026-05-01T14:30" in the browser's zone (what datetime-local shows). */
function localInput(iso: string | null): string {
  if (!iso) return ''
  const d = new Date(iso)
  const pad = (n: number) => String(n).padStart(2, '0')
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`
}

function isoOf(local: string): string | null {
  if (!local) return null
  const time = new Date(local).getTime()
  return Number.isNaN(time) ? local : new Date(time).toISOString()
}

const decimals = (map: Partial<Record<Currency, number>>) =>
  Object.fromEntries(CURRENCIES.map((c) => [c, map[c] !== undefined ? toDecimalString(map[c], c) : ''])) as Record<
    Currency,
    string
  >

function toForm(c: AdminCouponView | typeof NEW_COUPON): CouponForm {
  if (!('id' in c)) {
    return {
      code: '',
      kind: 'percent',
      percent: '10',
      amounts: decimals({}),
      minSpend: decimals({}),
      startsAt: '',
      endsAt: '',
      usageLimit: '',
      perCustomerLimit: '',
      stackable: false,
      gameIds: [],
      categoryIds: [],
      listed: false,
      active: true,
    }
  }
  return {
    code: c.code,
    kind: c.kind,
    percent: c.percent === null ? '' : String(c.percent),
    amounts: decimals(c.amounts),
    minSpend: decimals(c.minSpend),
    startsAt: localInput(c.startsAt),
    endsAt: localInput(c.endsAt),
    usageLimit: c.usageLimit === null ? '' : String(c.usageLimit),
    perCustomerLimit: c.perCustomerLimit === null ? '' : String(c.perCustomerLimit),
    stackable: c.stackable,
    gameIds: c.gameIds,
    categoryIds: c.categoryIds,
    listed: c.listed,
    active: c.active,
  }
}

const optionalInt = (text: string) => (text.trim() ? intOf(text) : null)

function toInput(f: CouponForm, loaded?: { id: number; version: string }): CouponInput {
  return {
    ...loaded,
    code: f.code,
    kind: f.kind,
    percent: f.kind === 'percent' ? optionalInt(f.percent) : null,
    amounts: f.amounts,
    minSpend: f.minSpend,
    startsAt: isoOf(f.startsAt),
    endsAt: isoOf(f.endsAt),
    usageLimit: optionalInt(f.usageLimit),
    perCustomerLimit: optionalInt(f.perCustomerLimit),
    stackable: f.stackable,
    gameIds: f.gameIds,
    categoryIds: f.categoryIds,
    listed: f.listed,
    active: f.active,
  }
}

function toggle(ids: number[], id: number, on: boolean): number[] {
  return on ? [...new Set([...ids, id])] : ids.filter((x) => x !== id)
}

/** Create or edit a coupon with every rule the engine reads; disable or enable it. */
export function CouponEditor({ coupon }: { coupon?: AdminCouponView }) {
  const { t, i18n } = useLingui()
  const locale = useLocalePrefix()
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const { data: options } = useSuspenseQuery(adminCatalogOptionsQuery())
  const { form, version, setForm } = useLoadedForm<AdminCouponView | typeof NEW_COUPON, CouponForm>(
    coupon ?? NEW_COUPON,
    toForm,
  )
  const [errors, setErrors] = useState<FieldErrors>({})
  const [status, setStatus] = useState<SaveState>()
  const saving = useStaffCalls({ invalidate: false })
  const busy = saving.pending
  const set = <K extends keyof CouponForm>(key: K, value: CouponForm[K]) => setForm((f) => ({ ...f, [key]: value }))

  const done = async (view: AdminCouponView, text: string) => {
    queryClient.setQueryData(adminCouponQuery(view.id).queryKey, view)
    await queryClient.invalidateQueries({ queryKey: ['admin', 'coupons'] })
    if (!coupon) {
      await navigate({ to: '/{-$locale}/admin/coupons/$couponId', params: { locale, couponId: String(view.id) } })
      return
    }
    setStatus({ ok: true, text })
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    const checked = validate(couponInputSchema, toInput(form, coupon ? { id: coupon.id, version } : undefined))
    if (!checked.ok) {
      setErrors(checked.errors)
      setStatus(invalidFormText(i18n))
      return
    }
    setErrors({})
    const result = (await saving.run(() => adminSaveCouponFn({ data: checked.data })))!
    if (!result.ok) {
      const fieldErrors = refusalFieldErrors(result.issues)
      setErrors(fieldErrors)
      setStatus(Object.keys(fieldErrors).length > 0 ? invalidFormText(i18n) : refusalText(i18n, result))
      return
    }
    await done(result.data, t`Saved.`)
  }

  const setActive = async (active: boolean) => {
    if (!coupon) return
    const result = (await saving.run(() => adminSetCouponActiveFn({ data: { id: coupon.id, version, active } })))!
    if (!result.ok) {
      setStatus(refusalText(i18n, result))
      return
    }
    await done(result.data, active ? t`The coupon is enabled.` : t`The coupon is disabled.`)
  }

  const reload = async () => {
    setStatus(undefined)
    setErrors({})
    if (coupon) await queryClient.invalidateQueries({ queryKey: adminCouponQuery(coupon.id).queryKey })
  }

  return (
    <div className="space-y-4">
      <p className="text-sm">
        <Link to="/{-$locale}/admin/coupons" params={{ locale }} className="text-link underline">
          <Trans>All coupons</Trans>
        </Link>
      </p>
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="font-mono text-2xl font-extrabold">{coupon ? coupon.code : <Trans>New coupon</Trans>}</h1>
        {coupon ? (
          <span className="text-muted text-sm" data-testid="coupon-usage">
            <Trans>
              Used {coupon.used} of {coupon.usageLimit ?? '∞'} · paid orders: {coupon.paidOrders}
            </Trans>
          </span>
        ) : null}
      </div>
      <form onSubmit={submit} noValidate className="surface space-y-6 rounded-2xl p-4" aria-label={t`Coupon`}>
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
          <TextField
            label={<Trans>Code</Trans>}
            value={form.code}
            onChange={(v) => set('code', v)}
            error={errors.code}
          />
          <SelectField
            label={<Trans>Discount type</Trans>}
            value={form.kind}
            onChange={(v) => set('kind', v === 'fixed' ? 'fixed' : 'percent')}
            options={[
              { value: 'percent', label: t`Percentage` },
              { value: 'fixed', label: t`Fixed amount` },
            ]}
          />
          {form.kind === 'percent' ? (
            <TextField
              label={<Trans>Percent off</Trans>}
              value={form.percent}
              onChange={(v) => set('percent', v)}
              error={errors.percent}
              inputMode="numeric"
            />
          ) : null}
        </div>
        {form.kind === 'fixed' ? (
          <fieldset className="space-y-2">
            <legend className="font-bold">
              <Trans>Amount off per currency</Trans>
            </legend>
            <p className="text-muted text-sm">
              <Trans>A currency left empty cannot use this coupon.</Trans>
            </p>
            <div className="grid grid-cols-2 gap-3 md:grid-cols-4">
              {CURRENCIES.map((c) => (
                <TextField
                  key={c}
                  label={<Trans>Amount off {c}</Trans>}
                  value={form.amounts[c]}
                  onChange={(v) => set('amounts', { ...form.amounts, [c]: v })}
                  error={errors[`amounts.${c}`]}
                  inputMode="decimal"
                />
              ))}
            </div>
          </fieldset>
        ) : null}
        <fieldset className="space-y-2">
          <legend className="font-bold">
            <Trans>Minimum order per currency</Trans>
          </legend>
          <div className="grid grid-cols-2 gap-3 md:grid-cols-4">
            {CURRENCIES.map((c) => (
              <TextField
                key={c}
                label={<Trans>Minimum {c}</Trans>}
                value={form.minSpend[c]}
                onChange={(v) => set('minSpend', { ...form.minSpend, [c]: v })}
                error={errors[`minSpend.${c}`]}
                inputMode="decimal"
              />
            ))}
          </div>
        </fieldset>
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          <TextField
            label={<Trans>Valid from</Trans>}
            type="datetime-local"
            value={form.startsAt}
            onChange={(v) => set('startsAt', v)}
            error={errors.startsAt}
          />
          <TextField
            label={<Trans>Valid until</Trans>}
            type="datetime-local"
            value={form.endsAt}
            onChange={(v) => set('endsAt', v)}
            error={errors.endsAt}
          />
          <TextField
            label={<Trans>Usage limit</Trans>}
            value={form.usageLimit}
            onChange={(v) => set('usageLimit', v)}
            error={errors.usageLimit}
            inputMode="numeric"
            hint={<Trans>Empty: unlimited.</Trans>}
          />
          <TextField
            label={<Trans>Uses per customer</Trans>}
            value={form.perCustomerLimit}
            onChange={(v) => set('perCustomerLimit', v)}
            error={errors.perCustomerLimit}
            inputMode="numeric"
            hint={<Trans>Empty: unlimited.</Trans>}
          />
        </div>
        <div className="flex flex-wrap gap-6">
          <CheckboxField
            label={<Trans>Can be combined with other coupons</Trans>}
            checked={form.stackable}
            onChange={(v) => set('stackable', v)}
          />
          <CheckboxField
            label={<Trans>Listed on the coupon page</Trans>}
            checked={form.listed}
            onChange={(v) => set('listed', v)}
          />
          <CheckboxField label={<Trans>Active</Trans>} checked={form.active} onChange={(v) => set('active', v)} />
        </div>
        <fieldset className="space-y-2">
          <legend className="font-bold">
            <Trans>Applies to</Trans>
          </legend>
          <p className="text-muted text-sm">
            <Trans>
              Nothing ticked: every game. Otherwise the ticked games and every game of the ticked categories.
            </Trans>
          </p>
          <div className="grid grid-cols-1 gap-2 sm:grid-cols-2 lg:grid-cols-3">
            {options.categories.map((c) => (
              <CheckboxField
                key={`c${c.id}`}
                label={<Trans>Category {c.name}</Trans>}
                checked={form.categoryIds.includes(c.id)}
                onChange={(on) => set('categoryIds', toggle(form.categoryIds, c.id, on))}
              />
            ))}
          </div>
          <div className="grid grid-cols-1 gap-2 sm:grid-cols-2 lg:grid-cols-3">
            {options.games.map((g) => (
              <CheckboxField
                key={`g${g.id}`}
                label={g.name}
                checked={form.gameIds.includes(g.id)}
                onChange={(on) => set('gameIds', toggle(form.gameIds, g.id, on))}
              />
            ))}
          </div>
        </fieldset>
        <SaveStatus status={status} onReload={() => void reload()} />
        <div className="flex flex-wrap gap-2">
          <button type="submit" disabled={busy} className={primaryButtonClass}>
            {coupon ? <Trans>Save</Trans> : <Trans>Create coupon</Trans>}
          </button>
          {coupon ? (
            <button
              type="button"
              disabled={busy}
              className={buttonClass}
              onClick={() => void setActive(!coupon.active)}
            >
              {coupon.active ? <Trans>Disable coupon</Trans> : <Trans>Enable coupon</Trans>}
            </button>
          ) : null}
        </div>
      </form>
    </div>
  )
}
