import { Trans } from '@lingui/react/macro'
import { useQueryClient } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { useState } from 'react'
import { useSignedInAction } from '~/modules/auth/auth-dialog'
import { FormAlert } from '~/modules/auth/components/form-parts'
import { useLocalePrefix } from '~/modules/i18n/use-locale-prefix'
import type { ActionResult } from '~/modules/errors/action-result'
import { becomePromoterFn } from '~/modules/affiliate/affiliate.functions'
import type { PromoterProfile } from '~/modules/affiliate/affiliate.schemas'
import { AffiliateErrorText } from './error-text'

/** Joins the programme, then opens the dashboard; a visitor signs in first, in the dialog over the page. */
export function BecomePromoterButton() {
  const signedIn = useSignedInAction()
  const navigate = useNavigate()
  const locale = useLocalePrefix()
  const queryClient = useQueryClient()
  const [busy, setBusy] = useState(false)
  const [failure, setFailure] = useState<Extract<ActionResult<PromoterProfile>, { ok: false }>>()

  async function join() {
    setBusy(true)
    const result = await becomePromoterFn({ data: {} }).catch(() => undefined)
    setBusy(false)
    if (!result || !result.ok) {
      setFailure(result && !result.ok ? result : { ok: false, code: 'INTERNAL', issues: [] })
      return
    }
    await queryClient.invalidateQueries({ queryKey: ['affiliate'] })
    await navigate({ to: '/{-$locale}/affiliate/dashboard', params: { locale } })
  }

  return (
    <div className="space-y-3">
      <button
        type="button"
        onClick={() => signedIn(() => void join(), window.location.href)}
        disabled={busy}
        data-testid="become-promoter"
        className="rounded-lg bg-brand-600 px-6 py-3 text-lg font-bold text-white hover:bg-brand-700 disabled:opacity-60"
      >
        <Trans>Become a promoter</Trans>
      </button>
      {failure ? (
        <FormAlert>
          <AffiliateErrorText code={failure.code} issues={failure.issues} />
        </FormAlert>
      ) : null}
    </div>
  )
}
