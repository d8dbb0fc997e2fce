import { Trans, useLingui } from '@lingui/react/macro'
import { useQueryClient } from '@tanstack/react-query'
import { useState, type FormEvent } from 'react'
import { adminGameQuery } from '~/modules/catalog/catalog-edit.queries'
import { adminSaveOfferFn } from '~/modules/catalog/catalog-edit.functions'
import { offerInputSchema, type AdminGameView, type AdminOfferView } from '~/modules/catalog/catalog-edit.schemas'
import { invalidFormText, refusalText, type SaveState } from './catalog-labels'
import { validate, type FieldErrors } from './field-errors'
import { CheckboxField, SaveStatus, TextField, buttonClass, primaryButtonClass } from './form-fields'
import { SkuEditor } from './sku-editor'
import { useLoadedForm } from './use-loaded-form'
import { useStaffCalls } from '~/modules/admin/use-staff-action'

const regionsOf = (text: string) =>
  text
    .split(/[\s,]+/)
    .map((r) => r.trim())
    .filter(Boolean)

/** Saves an offer (new or loaded) and puts the game's offers the server returns into the page. */
function useSaveOffer(gameId: number) {
  const { t, i18n } = useLingui()
  const queryClient = useQueryClient()
  const [errors, setErrors] = useState<FieldErrors>({})
  const [status, setStatus] = useState<SaveState>()
  const saving = useStaffCalls({ invalidate: false })
  const busy = saving.pending
  const save = async (input: { id?: number; version?: string; regions: string[]; active: boolean }) => {
    const checked = validate(offerInputSchema, { gameId, ...input })
    if (!checked.ok) {
      setErrors(checked.errors)
      setStatus(invalidFormText(i18n))
      return false
    }
    setErrors({})
    const result = (await saving.run(() => adminSaveOfferFn({ data: checked.data })))!
    if (!result.ok) {
      setStatus(refusalText(i18n, result))
      return false
    }
    queryClient.setQueryData(adminGameQuery(gameId).queryKey, (game) =>
      game ? { ...game, offers: result.data } : game,
    )
    setStatus({ ok: true, text: t`Saved.` })
    return true
  }
  const reload = async () => {
    setStatus(undefined)
    await queryClient.invalidateQueries({ queryKey: adminGameQuery(gameId).queryKey })
  }
  return { errors, status, busy, save, reload }
}

function OfferCard({ gameId, offer, index }: { gameId: number; offer: AdminOfferView; index: number }) {
  const { t } = useLingui()
  const { form, version, setForm } = useLoadedForm(offer, (o) => ({ regions: o.regions.join(', '), active: o.active }))
  const { errors, status, busy, save, reload } = useSaveOffer(gameId)
  const [adding, setAdding] = useState(false)
  const submit = (event: FormEvent) => {
    event.preventDefault()
    void save({ id: offer.id, version, regions: regionsOf(form.regions), active: form.active })
  }
  return (
    <section
      className="surface space-y-4 rounded-2xl p-4"
      aria-label={t`Offer ${index}`}
      data-testid="offer-card"
      data-offer-id={offer.id}
    >
      <h3 className="text-lg font-bold">
        <Trans>
          Offer {index} · /offer/{offer.id}
        </Trans>
      </h3>
      <form onSubmit={submit} noValidate className="flex flex-wrap items-end gap-4">
        <div className="min-w-48 flex-1">
          <TextField
            label={<Trans>Regions</Trans>}
            value={form.regions}
            onChange={(v) => setForm((f) => ({ ...f, regions: v }))}
            error={errors.regions ?? Object.entries(errors).find(([k]) => k.startsWith('regions.'))?.[1]}
            hint={<Trans>Separated by commas, e.g. global or US, EU.</Trans>}
          />
        </div>
        <CheckboxField
          label={<Trans>Active</Trans>}
          checked={form.active}
          onChange={(v) => setForm((f) => ({ ...f, active: v }))}
        />
        <button type="submit" disabled={busy} className={buttonClass}>
          <Trans>Save offer</Trans>
        </button>
      </form>
      <SaveStatus status={status} onReload={() => void reload()} />
      <div className="space-y-3">
        {offer.skus.map((sku) => (
          <SkuEditor key={sku.id} gameId={gameId} offerId={offer.id} sku={sku} />
        ))}
        {adding ? (
          <SkuEditor gameId={gameId} offerId={offer.id} onDone={() => setAdding(false)} />
        ) : (
          <button type="button" className={buttonClass} onClick={() => setAdding(true)}>
            <Trans>Add SKU</Trans>
          </button>
        )}
      </div>
    </section>
  )
}

/** A game's offers with their SKUs, and a form to add an offer. */
export function OffersSection({ game }: { game: AdminGameView }) {
  const [regions, setRegions] = useState('global')
  const [active, setActive] = useState(true)
  const { errors, status, busy, save, reload } = useSaveOffer(game.id)
  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (await save({ regions: regionsOf(regions), active })) setRegions('global')
  }
  return (
    <div className="space-y-4">
      <h2 className="text-xl font-extrabold">
        <Trans>Offers and SKUs</Trans>
      </h2>
      {game.offers.length === 0 ? (
        <p className="text-muted text-sm">
          <Trans>This game has no offer yet: shoppers cannot buy it.</Trans>
        </p>
      ) : null}
      {game.offers.map((offer, i) => (
        <OfferCard key={offer.id} gameId={game.id} offer={offer} index={i + 1} />
      ))}
      <form onSubmit={submit} noValidate className="surface flex flex-wrap items-end gap-4 rounded-2xl p-4">
        <div className="min-w-48 flex-1">
          <TextField
            label={<Trans>Regions of the new offer</Trans>}
            value={regions}
            onChange={setRegions}
            error={errors.regions ?? Object.entries(errors).find(([k]) => k.startsWith('regions.'))?.[1]}
          />
        </div>
        <CheckboxField label={<Trans>Active from the start</Trans>} checked={active} onChange={setActive} />
        <button type="submit" disabled={busy} className={primaryButtonClass}>
          <Trans>Add offer</Trans>
        </button>
        <div className="basis-full">
          <SaveStatus status={status} onReload={() => void reload()} />
        </div>
      </form>
    </div>
  )
}
